/**
 * The visitor addresses of reference questions (decision 596), in a module of their own: the site
 * footer (home bundle) links the FAQ, and importing common/questions.ts there would bring its lists and
 * labels into the home page's JavaScript (a module shared with lazy chunks lands in the entry chunk whole).
 */

/** The ask page 我要咨询 (sign-in needed) and the public FAQ 常见问题. */
export const ASK_HREF = '/microapp/helix/ask';
export const FAQ_HREF = '/microapp/helix/faq';
