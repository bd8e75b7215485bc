/** A tool call a generation stopped on, waiting for a human's yes or no. */
export interface PendingApproval {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The answer to one approval request. */
export interface ApprovalAnswer {
  approvalId: string;
  approved: boolean;
  reason?: string;
}

interface ApprovalRequestPart {
  type: 'tool-approval-request';
  approvalId: string;
  toolCall: { toolCallId: string; toolName: string; input: unknown };
}

/** The approval requests of a `generateText` result (or of one step): `result.content`'s. */
export function pendingApprovals(result: {
  content: ReadonlyArray<{ type: string }>;
}): PendingApproval[] {
  return result.content.flatMap((part) => {
    if (part.type !== 'tool-approval-request') return [];
    const request = part as ApprovalRequestPart;
    return [
      {
        approvalId: request.approvalId,
        toolCallId: request.toolCall.toolCallId,
        toolName: request.toolCall.toolName,
        input: request.toolCall.input,
      },
    ];
  });
}
