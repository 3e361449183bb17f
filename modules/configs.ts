/**
 * Each registered module type's stored config type (the registry maps are typed per type),
 * from its schema (`modules/<type>/schema.ts`). Types only: nothing here is loaded at run time, so the
 * visitor's pages still load no zod (decision 250). A type without an entry does not compile
 * (`ConfigOf` indexes it by every registered type).
 */
import type { ActivityModule } from './activity/schema.js';
import type { BookModule } from './book/schema.js';
import type { BulletinModule } from './bulletin/schema.js';
import type { CarouselModule } from './carousel/schema.js';
import type { FlexModule } from './flex/schema.js';
import type { FruitModule } from './fruit/schema.js';
import type { IframeModule } from './iframe/schema.js';
import type { InstitutionModule } from './institution/schema.js';
import type { JobModule } from './job/schema.js';
import type { JournalModule } from './journal/schema.js';
import type { LinkModule } from './link/schema.js';
import type { NewsModule } from './news/schema.js';
import type { NoticeModule } from './notice/schema.js';
import type { PolicyModule } from './policy/schema.js';
import type { ResourceModule } from './resource/schema.js';
import type { ScholarModule } from './scholar/schema.js';
import type { SciencedataModule } from './sciencedata/schema.js';
import type { StandardModule } from './standard/schema.js';
import type { ToolModule } from './tool/schema.js';
import type { WechatArticleModule } from './wechat_article/schema.js';
import type { XmoduleModule } from './xmodule/schema.js';
import type { RegisteredType } from './types.js';

/** Registered type -> its stored config (the zod-inferred type of its schema). */
export interface ModuleConfigMap {
  news: NewsModule;
  notice: NoticeModule;
  link: LinkModule;
  scholar: ScholarModule;
  institution: InstitutionModule;
  journal: JournalModule;
  activity: ActivityModule;
  fruit: FruitModule;
  carousel: CarouselModule;
  policy: PolicyModule;
  standard: StandardModule;
  book: BookModule;
  sciencedata: SciencedataModule;
  resource: ResourceModule;
  tool: ToolModule;
  wechat_article: WechatArticleModule;
  job: JobModule;
  bulletin: BulletinModule;
  iframe: IframeModule;
  xmodule: XmoduleModule;
  flex: FlexModule;
}

/** The stored config of type `T`: `ConfigOf<'notice'>` is NoticeModule. */
export type ConfigOf<T extends RegisteredType> = ModuleConfigMap[T];

/** `true` when every registered type's config carries that type as its `type`. */
type ConfigMapIsComplete = { [T in RegisteredType]: ModuleConfigMap[T] extends { type: T } ? true : false }[RegisteredType];
type Holds<T extends true> = T;
/** Fails to compile when {@link ModuleConfigMap} pairs a registered type with another type's config. */
export type ConfigMapCheck = Holds<ConfigMapIsComplete>;
