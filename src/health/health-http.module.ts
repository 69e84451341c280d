import { Module, type DynamicModule } from '@nestjs/common';
import { HealthController } from './http/health.controller.js';

/** Health reads the queue's state from the module that runs scan jobs (it exports QUEUE_HEALTH). */
@Module({})
export class HealthHttpModule {
  static forRoot(queueModule?: DynamicModule): DynamicModule {
    return { module: HealthHttpModule, imports: queueModule ? [queueModule] : [], controllers: [HealthController] };
  }
}
