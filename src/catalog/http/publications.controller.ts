import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NOT_AUTHENTICATED, StaffGuard } from '../../auth/index.js';
import { CatalogCommands } from '../application/catalog-commands.js';
import { CatalogQueries } from '../application/catalog-queries.js';
import {
  PUBLICATION_SORT_FIELDS,
  TRASH_DEFAULT_PAGE,
  TRASH_DEFAULT_PAGE_SIZE,
  type ClearPoemsAnswer,
  type OverwroteNewer,
  type PermanentDeleteAnswer,
  type Poem,
  type Publication,
  type PublicationMoveAnswer,
  type PublicationSortField,
  type ProofreadingPlace as ProofreadingPlaceAnswer,
  type PublishAnswer,
  type TrashPage,
} from '../../../contracts/catalog.js';
import type { PublicationFilter, PublicationListOptions } from '../application/ports/catalog.repository.port.js';
import { toPoemResponse, toPublicationResponse, toStaffPoemResponse } from '../application/catalog-responses.js';
import { PoemRequestMapper, PublicationRequestMapper } from './requests.mapper.js';
import { ClearPoemsDto, CreatePoemDto, PoemListQuery, ProofreadingPlaceDto, ReorderPoemsDto } from './poem.dto.js';
import { ProofreadingPlace } from '../application/proofreading-place.js';
import { AdminQuery, CreatePublicationDto, ListPublicationsQuery, TrashQuery, UpdatePublicationDto } from './publication.dto.js';
import { PublicReadInterceptor } from '../../delivery/index.js';
import { curatorOf, viewerOf } from './viewer.js';
import { RevisionMapper } from './revision.mapper.js';

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

const SORTABLE: ReadonlySet<string> = new Set(PUBLICATION_SORT_FIELDS);

/** react-admin's sort=["field","ASC|DESC"]; ["id", ...] asks for the default order. */
function sortOf(raw: string | undefined): PublicationListOptions['sort'] {
  const sort = parseJsonParam<unknown>(raw, 'sort');
  if (sort === undefined) return undefined;
  const [field, order] = Array.isArray(sort) ? sort : [];
  if (field === 'id' && (order === 'ASC' || order === 'DESC')) return undefined;
  if (!SORTABLE.has(String(field)) || (order !== 'ASC' && order !== 'DESC')) {
    throw new BadRequestException(`sort must be ["field","ASC|DESC"] with field one of ${PUBLICATION_SORT_FIELDS.join(', ')}`);
  }
  return { field: field as PublicationSortField, order };
}

/** Text search from `q` or react-admin's `filter={"q":...}`. */
function searchOf(query: ListPublicationsQuery): string | undefined {
  const fromFilter = parseJsonParam<{ q?: unknown }>(query.filter, 'filter')?.q;
  if (fromFilter !== undefined && typeof fromFilter !== 'string') throw new BadRequestException('q must be text');
  return query.q ?? fromFilter;
}

/**
 * A write whose body may narrow what it does (clear_poems with poem_ids) must not quietly do more
 * when a field is misspelt: unknown fields are refused instead of stripped.
 */
function rejectUnknownFields(body: unknown, allowed: readonly string[], endpoint: string): void {
  if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestException(`${endpoint} takes a JSON object`);
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length)
    throw new BadRequestException(`Unknown field ${unknown.map((k) => `"${k}"`).join(', ')}: ${endpoint} takes ${allowed.join(', ')}`);
}

/** The curator a per-curator answer is for (the guard has made sure there is one). */
function signedIn(req: Request) {
  const curator = curatorOf(req);
  if (!curator) throw new UnauthorizedException(NOT_AUTHENTICATED);
  return curator;
}

@ApiTags('publications')
@Controller('api/publications')
export class PublicationsController {
  constructor(
    private readonly queries: CatalogQueries,
    private readonly commands: CatalogCommands,
    private readonly places: ProofreadingPlace,
  ) {}

  @Get(`:${REF}/proofreading_place`)
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      'The poem "Proofread this book" opens at for the signed-in curator: where they stopped, else the first poem As scanned, ' +
      'else the first; poem_id null for a book without poems',
  })
  async proofreadingPlace(
    @Param(REF) ref: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProofreadingPlaceAnswer> {
    res.setHeader('Cache-Control', 'private, no-store');
    return { poem_id: await this.places.resume(ref, signedIn(req)) };
  }

  @Put(`:${REF}/proofreading_place`)
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: 'Keeps the poem the signed-in curator has open in "Proofread this book" (404 for a poem not in this publication)',
  })
  async keepProofreadingPlace(
    @Param(REF) ref: string,
    @Body() dto: ProofreadingPlaceDto,
    @Req() req: Request,
  ): Promise<ProofreadingPlaceAnswer> {
    rejectUnknownFields(req.body, ['poem_id'], 'proofreading_place');
    return { poem_id: await this.places.keep(ref, signedIn(req), dto.poem_id) };
  }

  @Get()
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'Published publications; with admin=true (staff) every active one, or by status' })
  async list(@Query() query: ListPublicationsQuery, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const adminView = query.admin === 'true' || !!query.status || !!query.filter;
    const viewer = viewerOf(req, adminView);
    if (!viewer.staff) return (await this.queries.listPublished()).map(toPublicationResponse);
    const range = parseJsonParam<[number, number]>(query.range, 'range');
    if (range && range[1] < range[0]) throw new BadRequestException('range end must not be before its start');
    const { items: page, total } = await this.queries.listPublications(adminFilter(query), {
      search: searchOf(query),
      sort: sortOf(query.sort),
      page: range ? { offset: range[0], limit: range[1] - range[0] + 1 } : undefined,
    });
    const start = range?.[0] ?? 0;
    // react-admin's simple REST client reads the total from one of these headers.
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Content-Range', `publications ${start}-${start + Math.max(page.length - 1, 0)}/${total}`);
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range');
    return page.map(toPublicationResponse);
  }

  @Get('trash')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: 'Publications in trash, paged (page, page_size: 1 and 20 by default), sorted and searched (q): {count, results}',
  })
  async trash(@Query() query: TrashQuery, @Res({ passthrough: true }) res: Response): Promise<TrashPage> {
    const page = query.page ?? TRASH_DEFAULT_PAGE;
    const size = query.page_size ?? TRASH_DEFAULT_PAGE_SIZE;
    const { items, total } = await this.queries.listPublications('trash', {
      search: query.q,
      sort: sortOf(query.sort),
      page: { offset: (page - 1) * size, limit: size },
    });
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Total-Count', String(total));
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range');
    return { count: total, results: items.map(toPublicationResponse) };
  }

  @Get(`:${REF}`)
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'One publication by id or slug' })
  async get(@Param(REF) ref: string, @Query() query: AdminQuery, @Req() req: Request): Promise<Publication> {
    return toPublicationResponse(await this.queries.getPublication(ref, viewerOf(req, query.admin === 'true')));
  }

  @Get(`:${REF}/poems`)
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'Poems of a publication in reading order; staff (admin=true) see their status, and may ask for one status' })
  async poems(@Param(REF) ref: string, @Query() query: PoemListQuery, @Req() req: Request): Promise<Poem[]> {
    const viewer = viewerOf(req, query.admin === 'true' || !!query.status);
    const poems = await this.queries.listPoems(ref, viewer, query.status);
    return poems.map((poem) => (viewer.staff ? toStaffPoemResponse(poem) : toPoemResponse(poem)));
  }

  @Post(`:${REF}/poems`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Add a poem typed in by hand, after the last one (409 for a publication in trash)' })
  async createPoem(@Param(REF) ref: string, @Body() dto: CreatePoemDto, @Req() req: Request): Promise<Poem> {
    return toStaffPoemResponse(await this.commands.createPoem(ref, PoemRequestMapper.fromCreateRequest(dto), { actor: curatorOf(req) }));
  }

  @Post(`:${REF}/reorder_poems`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: 'Set the reading order: poem_ids lists every poem of the publication once (409 if it does not); answers the poems in order',
  })
  async reorderPoems(@Param(REF) ref: string, @Body() dto: ReorderPoemsDto, @Req() req: Request): Promise<Poem[]> {
    rejectUnknownFields(req.body, ['poem_ids'], 'reorder_poems');
    return (await this.commands.reorderPoems(ref, dto.poem_ids, { actor: curatorOf(req) })).map((poem) => toStaffPoemResponse(poem));
  }

  @Post()
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Create a draft publication' })
  async create(@Body() dto: CreatePublicationDto, @Req() req: Request): Promise<Publication> {
    return toPublicationResponse(
      await this.commands.createPublication(PublicationRequestMapper.fromCreateRequest(dto), { actor: curatorOf(req) }),
    );
  }

  @Put(`:${REF}`)
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      'Update publication fields; the replaced version is kept in the history. With base_revision older than the ' +
      'current version the save still happens and answers overwrote',
  })
  async update(@Param(REF) ref: string, @Body() dto: UpdatePublicationDto, @Req() req: Request): Promise<Publication & OverwroteNewer> {
    const saved = await this.commands.updatePublication(ref, PublicationRequestMapper.fromUpdateRequest(dto), {
      actor: curatorOf(req),
      baseRevision: dto.base_revision,
    });
    return { ...toPublicationResponse(saved), ...(saved.overwrote ? { overwrote: RevisionMapper.overwrote(saved.overwrote) } : {}) };
  }

  @Delete(`:${REF}`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Move to trash (soft delete)' })
  async remove(@Param(REF) ref: string, @Req() req: Request): Promise<PublicationMoveAnswer> {
    return {
      message: 'Publication moved to trash',
      publication: toPublicationResponse(await this.commands.moveToTrash(ref, { actor: curatorOf(req) })),
    };
  }

  @Delete(`:${REF}/permanent_delete`)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Delete forever with all poems; only from trash (409 otherwise)' })
  async permanentDelete(@Param(REF) ref: string): Promise<PermanentDeleteAnswer> {
    const { id, deletedPoems } = await this.commands.permanentlyDelete(ref);
    return { message: 'Publication permanently deleted', id, deleted_poems: deletedPoems };
  }

  @Post(`:${REF}/restore`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Bring back from trash' })
  async restore(@Param(REF) ref: string, @Req() req: Request): Promise<PublicationMoveAnswer> {
    return {
      message: 'Publication restored from trash',
      publication: toPublicationResponse(await this.commands.restore(ref, { actor: curatorOf(req) })),
    };
  }

  @Post(`:${REF}/publish`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  async publish(@Param(REF) ref: string, @Req() req: Request): Promise<PublishAnswer> {
    const publication = await this.commands.setStatus(ref, 'published', { actor: curatorOf(req) });
    return { publication: toPublicationResponse(publication), status: publication.status };
  }

  @Post(`:${REF}/save_draft`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  async saveDraft(@Param(REF) ref: string, @Req() req: Request): Promise<PublishAnswer> {
    const publication = await this.commands.setStatus(ref, 'draft', { actor: curatorOf(req) });
    return { publication: toPublicationResponse(publication), status: publication.status };
  }

  @Post(`:${REF}/toggle_publish`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'draft <-> published; answers {publication, status}' })
  async toggle(@Param(REF) ref: string, @Req() req: Request): Promise<PublishAnswer> {
    const publication = await this.commands.toggleStatus(ref, { actor: curatorOf(req) });
    return { publication: toPublicationResponse(publication), status: publication.status };
  }

  @Post(`:${REF}/clear_poems`)
  @HttpCode(200)
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      'Remove every poem of the publication, or with {poem_ids} only those (all must be its poems, else 409 and nothing removed); ' +
      'with {job_ids} the page photos those scans stored go too (scans of another publication: 409, nothing removed)',
  })
  async clearPoems(@Param(REF) ref: string, @Body() dto: ClearPoemsDto, @Req() req: Request): Promise<ClearPoemsAnswer> {
    rejectUnknownFields(req.body, ['poem_ids', 'job_ids'], 'clear_poems');
    const { deletedPoems } = await this.commands.clearPoems(ref, dto.poem_ids, dto.job_ids);
    return { deleted_poems: deletedPoems };
  }
}
