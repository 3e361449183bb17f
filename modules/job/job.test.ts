/**
 * job (spec 1 §2, §3, §4; spec 2 §9): vertical only at span 0, height 60 per item + 24 between + 78,
 * pageSize = dataSize, the correction (dataSize = returned count), and the panel's states and links.
 */
import { describe, expect, it } from 'vitest';
import { jobCorrection, jobDefinition as def, jobHeight, type JobModule } from './definition';
import JobPanel from './Panel';
import { memberSite, moduleOf, pageOf, renderPanel } from '../test/panels';
import { schemaOf } from '../schemas';

const plain = { groupTemplate: false };
const m = (extra: Record<string, unknown> = {}) => moduleOf<JobModule>('job', extra);
const hit = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: String(n),
  _source: {
    uuid: String(n),
    title: `岗位${n}`,
    work_address: '北京',
    update_time: '2026-04-01',
    salary: '30-50K',
    work_experience: '3-5年',
    work_time: '全职',
    edu_cation: '博士',
    institution: { name: '东湖实验室', logo: null, subjects: ['人工智能', '统计学', '第三个'] },
    ...extra,
  },
});

describe('job rules (spec 2 §9)', () => {
  it.each([
    [1, 138],
    [2, 222],
    [3, 306],
    [4, 390],
    [8, 726],
  ])('%i jobs are %i px high', (n, h) => {
    expect(jobHeight(n)).toBe(h);
    expect(def.height(m({ dataSize: n }), plain)).toBe(h);
  });

  it('asks for dataSize jobs; default 4; vertical only at span 0', () => {
    expect(def.reads(m())).toEqual([{ key: 'job', source: 'job', count: 4 }]);
    expect(def.reads(m({ dataSize: 6 }))[0].count).toBe(6);
    expect(def.defaults(plain)).toMatchObject({ span: 0, direction: 'vertical', dataSize: 4 });
    expect(schemaOf(def.type)!.safeParse(m({ direction: 'horizontal' })).error!.issues[0].message).toBe('招聘模块只能纵向排列');
    expect(schemaOf(def.type)!.safeParse(m({ span: 5 })).success).toBe(false);
    expect(schemaOf(def.type)!.safeParse(m({ dataSize: 0 })).error!.issues[0].message).toBe('显示数量须为 1 到 20 的整数');
  });

  it('corrects dataSize and height to the returned count, never to 0 (spec 1 §4)', () => {
    expect(jobCorrection(m({ dataSize: 4 }), 2)).toMatchObject({ dataSize: 2, height: 222 });
    expect(jobCorrection(m({ dataSize: 2, height: 222 }), 2)).toBeNull();
    expect(jobCorrection(m({ dataSize: 2 }), 2)).toMatchObject({ dataSize: 2, height: 222 });
    expect(jobCorrection(m({ dataSize: 4 }), 0)).toBeNull();
  });

  it('more link /microapp/jobs', () => {
    expect(def.moreLink(m(), { signedIn: false })).toBe('/microapp/jobs');
  });
});

describe('job panel', () => {
  it('empty, skeleton and 加载失败', () => {
    expect(renderPanel(JobPanel, 'job', { module: m(), data: { job: pageOf([]) } })).toContain('暂无数据');
    expect(renderPanel(JobPanel, 'job', { module: m(), loading: true })).toContain('atr-skel');
    expect(renderPanel(JobPanel, 'job', { module: m(), error: '服务器出错了，请稍后再试' })).toContain('加载失败');
  });

  it('shows title, salary, institution with at most 2 subjects, facts and the job link', () => {
    const html = renderPanel(JobPanel, 'job', { module: m(), data: { job: pageOf([hit(1), hit(2)]) } });
    for (const s of [
      '岗位1',
      '30-50K',
      '东湖实验室',
      '人工智能',
      '统计学',
      '北京 · 3-5年 · 博士 · 全职',
      '2026-04-01',
      'href="/microapp/jobs/1"',
      'href="/microapp/jobs/2"',
    ])
      expect(html).toContain(s);
    expect(html).not.toContain('第三个');
  });

  it('with the login switch a visitor goes to sign in first, a member to the job', () => {
    const module = m({ oauthBeforeRedirect: true });
    expect(renderPanel(JobPanel, 'job', { module, data: { job: pageOf([hit(1)]) } })).toContain(
      `href="/login?redirect=${encodeURIComponent('/microapp/jobs/1')}"`,
    );
    expect(renderPanel(JobPanel, 'job', { module, data: { job: pageOf([hit(1)]) }, site: memberSite })).toContain('href="/microapp/jobs/1"');
  });
});
