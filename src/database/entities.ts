import { PoemEntity } from '../catalog/index.js';
import { PublicationEntity } from '../catalog/index.js';

/** Every TypeORM entity; the migrations define the tables, these only map them (synchronize stays off). */
export const ENTITIES = [PublicationEntity, PoemEntity];
