/** Answers of the tool panel's read (spec 1 §3 'Tool item'; spec 2 §7 'GET /tools appid'). */
import { pageOf, resourceItemAnswer } from './common.js';

/** A page of the tools of an application's topic: each a resource of type `tool` with its fields. */
export const toolsAnswer = pageOf(resourceItemAnswer);
