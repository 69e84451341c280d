import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { StaffGuard } from '../../auth/staff.guard.js';
import { CatalogCommands } from '../application/catalog-commands.js';
import { CatalogQueries } from '../application/catalog-queries.js';
import type { PublicationFilter } from '../application/ports/catalog.repository.port.js';
import type { Publication } from '../domain/publication.js';
import { AdminQuery, CreatePublicationDto, ListPublicationsQuery, TrashQuery, UpdatePublicationDto } from './publication.dto.js';
import { PublicReadInterceptor } from './public-read.interceptor.js';
import { viewerOf } from './viewer.js';

const REF = 'id';

function parseJsonParam<T>(raw: string | undefined, name: string): T | undefined {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new BadRequestException(`${name} must be valid JSON`);
  }
}

/** Admin list filter from `status` or react-admin's `filter={"status":...}`. */
function adminFilter(query: ListPublicationsQuery): PublicationFilter {
  const fromFilter = parseJsonParam<{ status?: unknown }>(query.filter, 'filter')?.status;
  const status = query.status || fromFilter || '';
  if (status === '') return 'active';
  if (status === 'draft' || status === 'published' || status === 'trash') return status;
  throw new BadRequestException('status must be draft, published or trash');
}

const SORTABLE = new Set(['id', 'title', 'created_at', 'updated_at', 'published_at', 'deleted_at', 'poem_count']);

function sortItems(items: Publication[], raw: string | undefined): Publication[] {
  const sort = parseJsonParam<[string, string]>(raw, 'sort');
  if (!sort) return items;
  const [field, order] = Array.isArray(sort) ? sort : [];
  if (!SORTABLE.has(String(field)) || !['ASC', 'DESC'].includes(String(order))) {
    throw new BadRequestException(`sort must be ["field","ASC|DESC"] with field one of ${[...SORTABLE].join(', ')}`);
  }
  const key = field as keyof Publication;
  const sign = order === 'ASC' ? 1 : -1;
  return [...items].sort((a, b) => (String(a[key] ?? '') < String(b[key] ?? '') ? -sign : String(a[key] ?? '') > String(b[key] ?? '') ? sign : 0));
}

@ApiTags('publications')
@Controller('api/publications')
export class PublicationsController {
  constructor(
    private readonly queries: CatalogQueries,
    private readonly commands: CatalogCommands,
  ) {}

  @Get()
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'Published publications; with admin=true (staff) every active one, or by status' })
  async list(@Query() query: ListPublicationsQuery, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const adminView = query.admin === 'true' || !!query.status || !!query.filter;
    const viewer = viewerOf(req, adminView);
    if (!viewer.staff) return this.queries.listPublished();
    const { items, total } = await this.queries.listPublications(adminFilter(query));
    const sorted = sortItems(items, query.sort);
    const range = parseJsonParam<[number, number]>(query.range, 'range');
    const [start, end] = range ?? [0, Math.max(sorted.length - 1, 0)];
    if (end < start) throw new BadRequestException('range end must not be before its start');
    const page = range ? sorted.slice(start, end + 1) : sorted;
    // react-admin's simple REST client reads the total from one of these headers.
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Content-Range', `publications ${start}-${start + Math.max(page.length - 1, 0)}/${total}`);
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range');
    return page;
  }

  @Get('trash')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Publications in trash, paged: {count, results}' })
  async trash(@Query() query: TrashQuery, @Res({ passthrough: true }) res: Response) {
    const page = query.page ?? 1;
    const size = query.page_size ?? 20;
    const { items, total } = await this.queries.listPublications('trash', { offset: (page - 1) * size, limit: size });
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range');
    return { count: total, results: items };
  }

  @Get(`:${REF}`)
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'One publication by id or slug' })
  get(@Param(REF) ref: string, @Query() query: AdminQuery, @Req() req: Request) {
    return this.queries.getPublication(ref, viewerOf(req, query.admin === 'true'));
  }

  @Get(`:${REF}/poems`)
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'Poems of a publication in reading order' })
  poems(@Param(REF) ref: string, @Query() query: AdminQuery, @Req() req: Request) {
    return this.queries.listPoems(ref, viewerOf(req, query.admin === 'true'));
  }

  @Post()
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Create a draft publication' })
  create(@Body() dto: CreatePublicationDto) {
    return this.commands.createPublication({
      title: dto.title,
      authors: dto.authors ?? [],
      publisher: dto.publisher ?? '',
      publication_date: dto.publication_date ?? '',
      isbn: dto.isbn ?? '',
      notes: dto.notes ?? '',
    });
  }

  @Put(`:${REF}`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Update publication fields' })
  update(@Param(REF) ref: string, @Body() dto: UpdatePublicationDto) {
    const { title, authors, publisher, publication_date, isbn, notes } = dto;
    return this.commands.updatePublication(ref, { title, authors, publisher, publication_date, isbn, notes });
  }

  @Delete(`:${REF}`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Move to trash (soft delete)' })
  async remove(@Param(REF) ref: string) {
    return { message: 'Publication moved to trash', publication: await this.commands.moveToTrash(ref) };
  }

  @Delete(`:${REF}/permanent_delete`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Delete forever with all poems; only from trash (409 otherwise)' })
  async permanentDelete(@Param(REF) ref: string) {
    return { message: 'Publication permanently deleted', ...(await this.commands.permanentlyDelete(ref)) };
  }

  @Post(`:${REF}/restore`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Bring back from trash' })
  async restore(@Param(REF) ref: string) {
    return { message: 'Publication restored from trash', publication: await this.commands.restore(ref) };
  }

  @Post(`:${REF}/publish`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  async publish(@Param(REF) ref: string) {
    const publication = await this.commands.setStatus(ref, 'published');
    return { publication, status: publication.status };
  }

  @Post(`:${REF}/save_draft`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  async saveDraft(@Param(REF) ref: string) {
    const publication = await this.commands.setStatus(ref, 'draft');
    return { publication, status: publication.status };
  }

  @Post(`:${REF}/toggle_publish`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'draft <-> published; answers {publication, status}' })
  async toggle(@Param(REF) ref: string) {
    const publication = await this.commands.toggleStatus(ref);
    return { publication, status: publication.status };
  }

  @Post(`:${REF}/clear_poems`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Remove every poem of the publication' })
  clearPoems(@Param(REF) ref: string) {
    return this.commands.clearPoems(ref);
  }
}
