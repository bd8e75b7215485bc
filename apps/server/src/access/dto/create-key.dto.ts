import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SCOPES, type Scope } from '@agent-ledger/access';
import { ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /v1/keys`: a new key of the caller's own tenant. */
export class CreateKeyDto {
  @ApiProperty({ enum: SCOPES, isArray: true, example: ['read'] })
  @IsArray()
  @ArrayMinSize(1)
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];

  @ApiPropertyOptional({ description: 'A name to recognize the key by (who or what holds it).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

/** The `:keyId` path parameter. */
export class KeyParamsDto {
  @ApiProperty({ example: '3f9a0c1b2d4e' })
  @IsString()
  @MaxLength(64)
  keyId!: string;
}
