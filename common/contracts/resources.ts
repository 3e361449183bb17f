/**
 * Answers of the resource calls of server/routes/resources (spec 2 §7; decision 296): the
 * console resource manager's resources, the conference suggestions and the journal lookup.
 */
import { z } from 'zod';
import { pageOf, resourceItemAnswer } from './common.js';
import { titleSuggestionAnswer } from './modules.js';
import { consoleResourceAnswer } from './topics.js';

/** A resource as the console resource manager shows and edits it (the topic data calls' shape). */
export const managedResourceAnswer = consoleResourceAnswer;

/** POST /api/v1/resources/conferences/suggestions: up to 10 conferences whose title starts with the text. */
export const conferenceSuggestionsAnswer = z.array(titleSuggestionAnswer).describe('至多 10 个标题以所给文字开头的会议');

/** POST /api/v3/resources/journal: a page of journals in title order (totalElements counts up to 10,000). */
export const journalPageAnswer = pageOf(resourceItemAnswer).describe('期刊（按标题排序；totalElements 至多数到 10,000）');
