import { PoemEntity } from '../catalog/infrastructure/persistence/poem.entity.js';
import { PublicationEntity } from '../catalog/infrastructure/persistence/publication.entity.js';

/** Every TypeORM entity; the migrations define the tables, these only map them (synchronize stays off). */
export const ENTITIES = [PublicationEntity, PoemEntity];
