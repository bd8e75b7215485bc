import { assistantModelMessageSchema, toolModelMessageSchema } from 'ai';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';

/** Outcome of checking outside data as a model step's response messages. */
export type ParseAiSdkResponseMessagesResult =
  | { ok: true; messages: Array<AssistantModelMessage | ToolModelMessage> }
  | { ok: false; errors: string[] };

/** One complaint of the AI SDK's (zod) schemas, as much of it as this needs. */
interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: SchemaIssue[][];
}

/**
 * Checks `value` with the AI SDK's own message schemas: an array of assistant or tool messages.
 * Each complaint names the message and field (`messages[0].content[1].toolCallId: Invalid input:
 * expected string, received number`); for a part of the wrong shape, the complaint is the one of
 * the part type it declares.
 */
export function parseAiSdkResponseMessages(value: unknown): ParseAiSdkResponseMessagesResult {
  if (!Array.isArray(value)) {
    return { ok: false, errors: ['messages: must be an array of AI SDK response messages'] };
  }
  const messages: Array<AssistantModelMessage | ToolModelMessage> = [];
  const errors: string[] = [];
  value.forEach((item: unknown, index) => {
    const where = `messages[${index}]`;
    const role =
      typeof item === 'object' && item !== null && 'role' in item ? item.role : undefined;
    if (role === 'assistant') {
      const result = assistantModelMessageSchema.safeParse(item);
      if (result.success) messages.push(result.data);
      else errors.push(...describeIssues(result.error.issues, where));
    } else if (role === 'tool') {
      const result = toolModelMessageSchema.safeParse(item);
      if (result.success) messages.push(result.data);
      else errors.push(...describeIssues(result.error.issues, where));
    } else {
      errors.push(
        `${where}.role: must be "assistant" or "tool" (a step's response messages), got ${JSON.stringify(role) ?? 'nothing'}`,
      );
    }
  });
  return errors.length === 0 ? { ok: true, messages } : { ok: false, errors };
}

function describeIssues(issues: SchemaIssue[], where: string): string[] {
  return issues.flatMap((issue) => {
    const path = `${where}${issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`;
    if (issue.code === 'invalid_union' && issue.errors !== undefined) {
      const branch = likeliestBranch(issue.errors);
      if (branch !== undefined) return describeIssues(branch, path);
    }
    return [`${path}: ${issue.message}`];
  });
}

/**
 * The union member the value meant: not one whose `type` literal it failed, and of those the one
 * whose complaints reach deepest (it matched the most before failing).
 */
function likeliestBranch(branches: SchemaIssue[][]): SchemaIssue[] | undefined {
  const candidates = branches.filter(
    (branch) =>
      !branch.some(
        (issue) =>
          issue.code === 'invalid_value' && issue.path.length === 1 && issue.path[0] === 'type',
      ),
  );
  const depth = (branch: SchemaIssue[]): number =>
    Math.max(
      0,
      ...branch.map((issue) => issue.path.length + (issue.code === 'invalid_union' ? 1 : 0)),
    );
  return (candidates.length > 0 ? candidates : branches).reduce<SchemaIssue[] | undefined>(
    (best, branch) => (best === undefined || depth(branch) > depth(best) ? branch : best),
    undefined,
  );
}
