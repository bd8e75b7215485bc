import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { MAX_SUBJECT_ID_LENGTH } from '../../sessions/dto/subject-id.dto';

/** Body of `POST /v1/erasures`. */
export class CreateErasureDto {
  @ApiProperty({
    description:
      "The data subject whose sessions go: every session of the caller's tenant whose first append named this `subjectId` (forks included: they carry it).",
    minLength: 1,
    maxLength: MAX_SUBJECT_ID_LENGTH,
    example: 'user-4821',
  })
  @IsString()
  @Length(1, MAX_SUBJECT_ID_LENGTH)
  subjectId!: string;
}
