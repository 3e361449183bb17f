/**
 * The items of the feed reads as the API answers them (spec 2 §7 'Content': GET /api/v1/modules/
 * top-wechat-article, top-job, top-bulletin), for the server that presents them
 * (server/routes/modules/feeds.ts) and the visitor pages that show them (app/pages/feeds/).
 */

/** A wechat article as a record of spec 1 §3 'Wechat article group': groupId, groupName, articleTime, material. */
export interface WechatRecord {
  id: number;
  groupId: string | null;
  groupName: string | null;
  articleTime: string | null;
  material: { title: string; thumb_media_url: string | null; url: string | null; digest: string | null };
}

/** A job as a search hit (spec 2 §7 'the job search reads data.hits with _source'; spec 1 §3 'Job'). */
export interface JobHit {
  _id: string;
  _source: {
    uuid: string;
    title: string;
    work_address: string | null;
    update_time: string | null;
    salary: string | null;
    work_experience: string | null;
    work_time: string | null;
    edu_cation: string | null;
    institution: { name: string | null; logo: string | null; subjects: string[] };
  };
}

/** A bulletin as the panel reads it (spec 1 §3 'Bulletin': article title, uuid, cover, update_time; group name). */
export interface BulletinEntry {
  article: { title: string; uuid: string; cover: string | null; update_time: string | null };
  group: string | null;
  bulletinType: string | null;
}
