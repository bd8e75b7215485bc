import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { SessionParamsDto } from '../../sessions/dto/session-params.dto';

/** The `:sessionId` and `:sha256` path parameters of a blob. */
export class BlobParamsDto extends SessionParamsDto {
  @ApiProperty({
    description: "The blob's SHA-256: 64 lower-case hexadecimal digits.",
    example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  })
  @Matches(/^[0-9a-f]{64}$/, { message: 'sha256 must be 64 lower-case hexadecimal digits' })
  sha256!: string;
}
