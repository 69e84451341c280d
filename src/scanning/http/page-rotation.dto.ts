import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PAGE_ROTATIONS, type PageRotation, type PageRotationRequest } from '../../../contracts/catalog.js';

export class PageRotationDto implements PageRotationRequest {
  @ApiProperty({ enum: PAGE_ROTATIONS, description: 'Degrees clockwise the photo is turned to stand upright' })
  @IsIn(PAGE_ROTATIONS, { message: 'rotation must be 0, 90, 180 or 270 (degrees clockwise)' })
  rotation: PageRotation;
}
