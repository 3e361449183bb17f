/** Reads of the search route (issue 4 'Search'): the topic an application's search reads within. */
import type { RequestScope } from '../../policies/scope.js';
import { readableApplication } from '../../policies/visibility.js';

/**
 * The topic of the application (null when it has none); 404 应用不存在 when there is no such
 * application or the viewer may not read it (a draft is its managers' only, decision 248).
 */
export async function topicOfApplication(scope: RequestScope, applicationId: number): Promise<number | null> {
  return (await readableApplication(scope, applicationId)).topic_id;
}
