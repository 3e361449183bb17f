/**
 * The module registry (DESIGN.md): one definition per registered module type, as a typed map so that a
 * type without a definition does not compile. Nothing else in the code switches on a module type.
 */
import type { ModuleDefinition, RegisteredType } from './types.js';
import { activityDefinition } from './activity/definition.js';
import { carouselDefinition } from './carousel/definition.js';
import { flexDefinition } from './flex/definition.js';
import { fruitDefinition } from './fruit/definition.js';
import { institutionDefinition } from './institution/definition.js';
import { journalDefinition } from './journal/definition.js';
import { linkDefinition } from './link/definition.js';
import { newsDefinition } from './news/definition.js';
import { noticeDefinition } from './notice/definition.js';
import { scholarDefinition } from './scholar/definition.js';
import { bookDefinition } from './book/definition.js';
import { policyDefinition } from './policy/definition.js';
import { resourceDefinition } from './resource/definition.js';
import { sciencedataDefinition } from './sciencedata/definition.js';
import { standardDefinition } from './standard/definition.js';
import { toolDefinition } from './tool/definition.js';
import { wechatArticleDefinition } from './wechat_article/definition.js';
import { jobDefinition } from './job/definition.js';
import { bulletinDefinition } from './bulletin/definition.js';
import { iframeDefinition } from './iframe/definition.js';
import { xmoduleDefinition } from './xmodule/definition.js';

export const moduleDefinitions: { [T in RegisteredType]: ModuleDefinition } = {
  news: newsDefinition,
  notice: noticeDefinition,
  link: linkDefinition,
  scholar: scholarDefinition,
  institution: institutionDefinition,
  journal: journalDefinition,
  activity: activityDefinition,
  fruit: fruitDefinition,
  carousel: carouselDefinition,
  policy: policyDefinition,
  standard: standardDefinition,
  book: bookDefinition,
  sciencedata: sciencedataDefinition,
  resource: resourceDefinition,
  tool: toolDefinition,
  wechat_article: wechatArticleDefinition,
  job: jobDefinition,
  bulletin: bulletinDefinition,
  iframe: iframeDefinition,
  xmodule: xmoduleDefinition,
  flex: flexDefinition,
};

/** The definition of a type, or undefined for a type that is not registered yet. */
export function definitionOf(type: string): ModuleDefinition | undefined {
  return (moduleDefinitions as Record<string, ModuleDefinition>)[type];
}
