import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';
import { RawJson } from '../../http/raw-json';

/** Body of `POST /v1/sessions/:sessionId/compactions`. */
export class CompactSessionDto extends WithExpectedRevisionDto {
  @ApiProperty({
    description: 'A `compact_boundary` runtime message (`createdAt` filled when absent).',
    allOf: [{ $ref: '#/components/schemas/CompactBoundaryMessageInput' }],
    example: {
      id: 'b1',
      sessionId: 's1',
      kind: 'compact_boundary',
      role: 'system',
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 120000 },
    },
  })
  @IsObject()
  @RawJson()
  boundary!: Record<string, unknown>;

  @ApiProperty({
    description:
      "The `compact_summary` runtime message written with it; `metadata.summaryForBoundaryId` must be the boundary's id.",
    allOf: [{ $ref: '#/components/schemas/CompactSummaryMessageInput' }],
    example: {
      id: 'sum1',
      sessionId: 's1',
      kind: 'compact_summary',
      role: 'user',
      content: 'The user asked why login fails; src/auth.ts was read.',
      metadata: { summaryForBoundaryId: 'b1' },
    },
  })
  @IsObject()
  @RawJson()
  summary!: Record<string, unknown>;
}
