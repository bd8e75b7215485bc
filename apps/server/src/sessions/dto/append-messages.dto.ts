import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray } from 'class-validator';
import { WithSubjectIdDto } from './subject-id.dto';
import { RawJson } from '../../http/raw-json';

/** Body of `POST /v1/sessions/:sessionId/messages`. */
export class AppendMessagesDto extends WithSubjectIdDto {
  @ApiProperty({
    description:
      "Runtime messages in the seed's shape (id, sessionId, kind, role, createdAt, content, metadata?), recorded atomically in this order: one agent turn. `createdAt` is filled with the server's time when absent. Each message is checked against `event-schemas/runtime-message.v1.schema.json`.",
    type: 'array',
    items: { $ref: '#/components/schemas/RuntimeMessageInput' },
    example: [
      {
        id: 'm1',
        sessionId: 's1',
        kind: 'system_note',
        role: 'system',
        content: 'Workspace root is /repo',
      },
      {
        id: 'm2',
        sessionId: 's1',
        kind: 'user_input',
        role: 'user',
        content: 'Why does login fail in src/auth.ts?',
      },
    ],
  })
  @IsArray()
  @ArrayNotEmpty()
  @RawJson()
  messages!: unknown[];
}
