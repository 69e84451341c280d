import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { CURATOR_LIMITS as LIMITS, type AddCuratorRequest, type ResetPasswordRequest } from '../../../contracts/curators.js';
import { PlainText, VisibleText } from '../../common/text-rules.js';

const PASSWORD_RULE = `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`;

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax })
  @IsString({ message: 'password must be a string' })
  @MinLength(LIMITS.passwordMin, { message: `password must be at least ${LIMITS.passwordMin} characters` })
  @MaxLength(LIMITS.passwordMax, { message: `password must be ${PASSWORD_RULE}` })
  password: string;
}

export class AddCuratorDto extends ResetPasswordDto implements AddCuratorRequest {
  @ApiProperty({ maxLength: LIMITS.username, description: 'Signs in with it; no spaces at either end, unique whatever its case' })
  @IsString({ message: 'username must be a string' })
  @VisibleText('username is required')
  @PlainText('username')
  @Matches(/^\S(.*\S)?$/s, { message: 'username must not start or end with a space' })
  @MaxLength(LIMITS.username)
  username: string;
}
