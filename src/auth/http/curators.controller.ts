import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Curator } from '../../../contracts/curators.js';
import { Curators } from '../application/curators.js';
import type { ListedUser } from '../domain/admin-user.js';
import { AddCuratorDto, ResetPasswordDto } from './curators.dto.js';
import { currentUser, StaffGuard } from './staff.guard.js';

/**
 * The curators, managed from the admin (staff only; every change needs the CSRF token like every
 * staff change): list, add with a password, give a new password, remove. A removed curator's
 * sessions end at once, and a new password ends the other sessions of that curator.
 */
@ApiTags('auth')
@Controller('api/curators')
@UseGuards(StaffGuard)
export class CuratorsController {
  constructor(private readonly curators: Curators) {}

  private answer(user: ListedUser, req: Request): Curator {
    return { id: user.id, username: user.username, created_at: user.created_at.toISOString(), is_you: user.id === currentUser(req)?.id };
  }

  @Get()
  @ApiOperation({ summary: 'Every curator who may sign in, oldest first' })
  async list(@Req() req: Request): Promise<Curator[]> {
    return (await this.curators.list()).map((u) => this.answer(u, req));
  }

  @Post()
  @ApiOperation({ summary: 'Add a curator with a password (at least 8 characters); 409 when the name is taken, whatever its case' })
  async add(@Body() dto: AddCuratorDto, @Req() req: Request): Promise<Curator> {
    return this.answer(await this.curators.add(dto.username, dto.password), req);
  }

  @Put(':id/password')
  @ApiOperation({ summary: "Give a curator a new password; their other sessions end (the asker's own stays)" })
  async resetPassword(@Param('id', ParseIntPipe) id: number, @Body() dto: ResetPasswordDto, @Req() req: Request): Promise<{ id: number }> {
    await this.curators.resetPassword(id, dto.password, req.sessionID);
    return { id };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a curator; their sessions end at once. The last curator cannot be removed (409).' })
  async remove(@Param('id', ParseIntPipe) id: number): Promise<{ id: number }> {
    await this.curators.remove(id);
    return { id };
  }
}
