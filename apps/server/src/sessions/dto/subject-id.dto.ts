import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

/** Longest `subjectId` accepted, as `event-schemas/session-started.v1.schema.json` says. */
export const MAX_SUBJECT_ID_LENGTH = 256;

/** The optional `expectedRevision` and `subjectId` of a body whose append may start a session. */
export class WithSubjectIdDto extends WithExpectedRevisionDto {
  @ApiPropertyOptional({
    description:
      "The data subject whose content the session holds (an end user's id, say): recorded in `SessionStarted.subjectId` by the session's first append, and what `POST /v1/erasures` finds the session by. A later append naming another subject is refused with 409 `SubjectMismatch`; the same one, or none, is fine.",
    minLength: 1,
    maxLength: MAX_SUBJECT_ID_LENGTH,
    example: 'user-4821',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_SUBJECT_ID_LENGTH)
  subjectId?: string;
}
