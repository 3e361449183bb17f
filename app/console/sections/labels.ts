/**
 * The texts of a section of topic resources built from its title, hint and item noun (招聘信息, 工具,
 * 公众号文章, docs/decisions.md 324): the common templates of common/messages.ts filled in.
 */
import { MSG, fillMsg } from '@common/messages';
import type { SectionLabels } from './TopicResourceSection';

/** See the file comment. */
export function sectionLabels(title: string, hint: string, noun: string): SectionLabels {
  const f = (template: string) => fillMsg(template, { noun });
  return {
    title,
    hint,
    noun,
    create: f(MSG.sectionNew),
    edit: f(MSG.sectionEdit),
    created: f(MSG.sectionCreated),
    saved: f(MSG.sectionSaved),
    published: f(MSG.sectionPublished),
    withdrawn: f(MSG.sectionWithdrawn),
    deleteTitle: f(MSG.sectionDeleteTitle),
    deleteConfirm: (t) => fillMsg(MSG.sectionDeleteConfirm, { title: t }),
    notFound: f(MSG.sectionNotFound),
    back: f(MSG.sectionBack),
    none: f(MSG.sectionNone),
    noMatch: f(MSG.sectionNoMatch),
  };
}
