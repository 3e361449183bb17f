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

export const moduleDefinitions: { [T in RegisteredType]: ModuleDefinition } = {
  news: newsDefinition, notice: noticeDefinition, link: linkDefinition, scholar: scholarDefinition,
  institution: institutionDefinition, journal: journalDefinition, activity: activityDefinition,
  fruit: fruitDefinition, carousel: carouselDefinition,
  flex: flexDefinition,
};

/** The definition of a type, or undefined for a type that is not registered yet. */
export function definitionOf(type: string): ModuleDefinition | undefined {
  return (moduleDefinitions as Record<string, ModuleDefinition>)[type];
}
