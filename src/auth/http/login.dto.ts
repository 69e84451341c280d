import type { LoginRequest } from '../../../contracts/auth.js';
import { ApiProperty } from '@nestjs/swagger';

/** Documented shape only: the local strategy reads these fields, and the login guard checks them first. */
export class LoginDto implements LoginRequest {
  @ApiProperty() username: string;
  @ApiProperty() password: string;
}
