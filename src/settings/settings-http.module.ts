import { Module } from '@nestjs/common';
import { SettingsController } from './http/settings.controller.js';
import { SettingsModule } from './settings.module.js';

/** The memorial settings' API: the admin's settings screen, and the portrait for visitors. API process only. */
@Module({
  imports: [SettingsModule],
  controllers: [SettingsController],
})
export class SettingsHttpModule {}
