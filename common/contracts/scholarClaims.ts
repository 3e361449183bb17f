/** Answers of the calls of 学者认证与成果认领 (issue 29 §6; docs/decisions.md 650-656; server/routes/scholarClaims). */
import { z } from 'zod';

/** A link of a scholar's profile. */
export const scholarLinkAnswer = z.object({ title: z.string().describe('链接名称'), url: z.string().describe('http(s) 地址') });
export type ScholarLink = z.infer<typeof scholarLinkAnswer>;

const status = z.enum(['pending', 'approved', 'rejected', 'withdrawn']).describe('pending 待审核，approved 已通过，rejected 已驳回，withdrawn 已撤回');

/** A scholar profile's verification as its page shows it. */
export const scholarVerificationAnswer = z.object({
  name: z.string().describe('学者姓名'),
  verified: z.boolean().describe('已认证'),
  verifiedAt: z.string().nullable(),
  biography: z.string().describe('审核通过的简介（纯文本）'),
  links: z.array(scholarLinkAnswer).describe('审核通过的链接'),
  mine: z.boolean().describe('是否为当前用户认证的学者'),
  myClaim: z.object({ status, reason: z.string().nullable() }).nullable().describe('当前用户对该学者最近一次认证申请'),
  outputs: z
    .array(z.object({ id: z.number().int(), type: z.string(), title: z.string(), date: z.string().nullable() }))
    .describe('经审核认领、归属该学者的成果（访客可见的）'),
  disputed: z.array(z.number().int()).describe('该学者申诉成功、不再归属于他的成果 id（从按姓名检索的成果中去掉）'),
});
export type ScholarVerification = z.infer<typeof scholarVerificationAnswer>;

/** The reader's verified profile (personal centre). */
export const myScholarAnswer = z.object({
  profile: z
    .object({
      scholarId: z.number().int(),
      name: z.string(),
      institution: z.string(),
      verifiedAt: z.string(),
      biography: z.string(),
      links: z.array(scholarLinkAnswer),
      pendingEdit: z
        .object({ biography: z.string(), links: z.array(scholarLinkAnswer) })
        .nullable()
        .describe('待审核的修改'),
    })
    .nullable()
    .describe('已认证的学者；未认证为 null'),
});
export type MyScholar = z.infer<typeof myScholarAnswer>;

/** A request sent to a queue. */
export const scholarRequestSentAnswer = z.object({
  ok: z.literal(true),
  id: z.number().int().describe('申请编号'),
  submissionId: z.number().int().describe('审核项编号'),
  message: z.string(),
});

/** The scholars named authors of an output by approved claims. */
export const outputAuthorsAnswer = z.object({
  title: z.string().describe('成果名称'),
  authors: z.array(z.object({ scholarId: z.number().int(), name: z.string(), href: z.string().describe('学者主页') })),
});
