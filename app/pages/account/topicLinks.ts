/**
 * Personal topic links on the client (spec 1 §1, §4, §5; spec 2 §7 'Saving user links'): the shapes,
 * the calls, and the pure list operations of the topic manager (kept apart so they are unit-tested).
 */
import type { TopicLink, TopicObject } from '@common/contracts/userLinks';
import { api } from '../../shared/apiClient';

/** The answers' shapes are the server's declared ones (common/contracts/userLinks.ts). */
export type { TopicLink, TopicObject };

export const USER_LINKS_KEY = ['user-links'] as const;

/** GET /api/v1/users/links → whether the manager appears on this host, and the user's links in order. */
export const fetchUserLinks = (userId: number) => api.get('/api/v1/users/links', { query: { userId } });

/** GET /api/v2/topics/suggestions → the topics the user may pick. */
export const fetchSuggestions = (userId: number) => api.get('/api/v2/topics/suggestions', { query: { userId } });

/** POST /api/v1/users/links: user id, kind 'link', and each link's resourceId with the object serialised. */
export const saveUserLinks = (userId: number, list: TopicObject[]) =>
  api.post('/api/v1/users/links', {
    body: {
      userId,
      kind: 'link',
      links: list.map((o) => ({ resourceId: o.id, resourceObject: JSON.stringify(o) })),
    },
  });

/** Adds a topic at the end of my list (no-op when it is already there). */
export const addTopic = (list: TopicObject[], t: TopicObject) => (list.some((x) => x.id === t.id) ? list : [...list, t]);

/** Removes a topic from my list (its all-list entry becomes active again). */
export const removeTopic = (list: TopicObject[], id: number) => list.filter((x) => x.id !== id);

/** The all list with each entry marked inactive when it is in my list (spec 1 §4). */
export const allListState = (all: TopicObject[], mine: TopicObject[]) => all.map((t) => ({ topic: t, inactive: mine.some((m) => m.id === t.id) }));

/** Save is disabled while my list is empty or something is loading (spec 1 §5). */
export const saveDisabled = (mine: TopicObject[], loading: boolean) => loading || mine.length === 0;

/** The home page shows the manager only here (spec 1 §6): signed in, enabled host, not the group template. */
export const showTopicManager = (signedIn: boolean, enabledHost: boolean, groupTemplate: boolean) => signedIn && enabledHost && !groupTemplate;
