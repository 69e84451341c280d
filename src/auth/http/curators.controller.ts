import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Curator } from '../../../contracts/curators.js';
import { DomainError } from '../../common/domain/domain-error.js';
import { AddCuratorDto, ResetPasswordDto } from './curators.dto.js';
import { hashPassword } from '../infrastructure/password-hasher.js';
import { currentUser, StaffGuard } from './staff.guard.js';
import { UsersRepository, type AdminUser } from '../infrastructure/users.repository.js';

type CuratorErrorCode = 'CURATORS.USERNAME_TAKEN' | 'CURATORS.NOT_FOUND' | 'CURATORS.LAST_ONE';

class CuratorError extends DomainError {
  constructor(code: CuratorErrorCode, message: string) {
    super(code, message);
  }
}

const notFound = () => new CuratorError('CURATORS.NOT_FOUND', 'No such curator (removed meanwhile?).');

/** An id no curator can have (past the database's integer) finds none, rather than failing in the query. */
function curatorId(id: number): number {
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * The curators, managed from the admin (staff only; every change needs the CSRF token like every
 * staff change): list, add with a password, give a new password, remove. A removed curator's
 * sessions end at once, and a new password ends the other sessions of that curator.
 */
@ApiTags('auth')
@Controller('api/curators')
@UseGuards(StaffGuard)
export class CuratorsController {
  constructor(private readonly users: UsersRepository) {}

  private answer(user: AdminUser & { created_at: Date }, req: Request): Curator {
    return { id: user.id, username: user.username, created_at: user.created_at.toISOString(), is_you: user.id === currentUser(req)?.id };
  }

  @Get()
  @ApiOperation({ summary: 'Every curator who may sign in, oldest first' })
  async list(@Req() req: Request): Promise<Curator[]> {
    return (await this.users.list()).map((u) => this.answer(u, req));
  }

  @Post()
  @ApiOperation({ summary: 'Add a curator with a password (at least 8 characters); 409 when the name is taken, whatever its case' })
  async add(@Body() dto: AddCuratorDto, @Req() req: Request): Promise<Curator> {
    const created = await this.users.create(dto.username, await hashPassword(dto.password));
    if (!created) throw new CuratorError('CURATORS.USERNAME_TAKEN', `There is already a curator named "${dto.username}".`);
    return this.answer(created, req);
  }

  @Put(':id/password')
  @ApiOperation({ summary: "Give a curator a new password; their other sessions end (the asker's own stays)" })
  async resetPassword(@Param('id', ParseIntPipe) id: number, @Body() dto: ResetPasswordDto, @Req() req: Request): Promise<{ id: number }> {
    if (!(await this.users.setPassword(curatorId(id), await hashPassword(dto.password), req.sessionID))) throw notFound();
    return { id };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a curator; their sessions end at once. The last curator cannot be removed (409).' })
  async remove(@Param('id', ParseIntPipe) id: number): Promise<{ id: number }> {
    const result = await this.users.remove(curatorId(id));
    if (result === 'not-found') throw notFound();
    if (result === 'last-one') throw new CuratorError('CURATORS.LAST_ONE', 'The only curator cannot be removed: add another first.');
    return { id };
  }
}
