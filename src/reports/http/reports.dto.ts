import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { REPORT_STATUSES, type CloseReportRequest, type ReportStatus } from '../../../contracts/reports.js';

export class CloseReportDto implements CloseReportRequest {
  @ApiProperty({ enum: ['resolved', 'dismissed'] })
  @IsIn(['resolved', 'dismissed'], { message: 'status must be resolved or dismissed' })
  status: 'resolved' | 'dismissed';
}

export class ListReportsQuery {
  @ApiPropertyOptional({ enum: REPORT_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: 'status must be open, resolved or dismissed' })
  status?: ReportStatus;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page_size must be a whole number' })
  @Min(1)
  @Max(100)
  page_size?: number;
}
