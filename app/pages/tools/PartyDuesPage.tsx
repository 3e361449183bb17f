/**
 * /microapp/widget/tools/party-dues (spec 1 §2; docs/decisions.md 640-643): 党费计算器, a built-in tool
 * of the tools list. The member's category and monthly base (a farmer member: the monthly dues chosen in
 * 0.2–1 元) give the dues per month and per year, the bracket and rate applied, and the rule quoted with
 * its article (common/partyDues.ts, the one computation).
 *
 * Without JavaScript it is a GET form (`?category=…&amount=…`) that the server renders with the result;
 * with JavaScript the result follows the typing and the address keeps the inputs (replace, no history
 * entry per key). Bad input shows the Chinese message beside the field, never an error page.
 * Native form controls (they post without scripts); its own lazy chunk (App.tsx).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { PARTY_DUES_CATEGORIES, PARTY_DUES_CATEGORY_LABELS, PARTY_DUES_HREF, partyDues, type PartyDuesCategory, type PartyDuesResult } from '@common/partyDues';
import { TOOLS_HREF } from '@modules/kit/links';
import { VisitorFrame } from '../visitor/VisitorFrame';
import { Crumbs } from '../feeds/shared';
import './partyDues.css';

/** The page; see the file comment. */
export default function PartyDuesPage() {
  return <VisitorFrame title={MSG.partyDuesTitle}>{() => <PartyDues />}</VisitorFrame>;
}

const asCategory = (s: string | null): PartyDuesCategory => PARTY_DUES_CATEGORIES.find((c) => c === s) ?? 'inService';

function PartyDues() {
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState<PartyDuesCategory>(() => asCategory(params.get('category')));
  const [amount, setAmount] = useState(() => params.get('amount') ?? '');
  // a result once the form was sent or something was typed (an empty form shows no refusal)
  const [touched, setTouched] = useState(() => params.has('amount') || params.has('category'));
  const result = partyDues({ category, amount });
  const shown = touched || amount !== '' || category === 'student';
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // what was typed or chosen in the server's HTML before the scripts took over is kept, not reset
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const c = asCategory(data.get('category') as string | null);
    const a = (data.get('amount') as string | null) ?? amount;
    if (c !== category || a !== amount) {
      setCategory(c);
      setAmount(a);
      setTouched(true);
    }
    // once, at hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const keep = (c: PartyDuesCategory, a: string) => {
    setTouched(true);
    setParams(c === 'student' ? { category: c } : { category: c, amount: a }, { replace: true, preventScrollReset: true });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    keep(category, amount);
  };
  const amountLabel = category === 'farmer' ? MSG.partyDuesFarmerAmount : MSG.partyDuesBase;
  const hint = category === 'farmer' ? MSG.partyDuesFarmerHint : category === 'student' ? MSG.partyDuesStudentHint : MSG.partyDuesBaseHint;
  const error = shown && !result.ok ? result.message : null;

  return (
    <article className="atr-vcard atr-dues">
      <Crumbs trail={[[MSG.toolsTitle, TOOLS_HREF], [MSG.partyDuesTitle]]} />
      <h1 className="atr-detail__title">{MSG.partyDuesTitle}</h1>
      <p className="atr-dues__intro">{MSG.partyDuesIntro}</p>
      <form ref={formRef} className="atr-dues__form" method="get" action={PARTY_DUES_HREF} onSubmit={onSubmit} noValidate>
        <fieldset className="atr-dues__categories">
          <legend>{MSG.partyDuesCategory}</legend>
          {PARTY_DUES_CATEGORIES.map((c) => (
            <label key={c} className="atr-dues__choice">
              <input
                type="radio"
                name="category"
                value={c}
                checked={category === c}
                onChange={() => {
                  setCategory(c);
                  keep(c, amount);
                }}
              />
              <span>{PARTY_DUES_CATEGORY_LABELS[c]}</span>
            </label>
          ))}
        </fieldset>
        <div className="atr-dues__field">
          <label htmlFor={`${id}-amount`}>{amountLabel}</label>
          <div className="atr-dues__amount">
            <input
              id={`${id}-amount`}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={category === 'student'}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              placeholder={category === 'farmer' ? '0.2 – 1' : '例如 4500'}
              onChange={(e) => {
                setAmount(e.target.value);
                keep(category, e.target.value);
              }}
            />
            <span aria-hidden="true">{MSG.yuanUnit}</span>
            <button type="submit" className="atr-dues__submit">
              {MSG.partyDuesSubmit}
            </button>
          </div>
          <p id={`${id}-hint`} className="atr-dues__hint">
            {hint}
          </p>
          {error && (
            <p id={`${id}-error`} className="atr-dues__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      <section className="atr-dues__result" aria-live="polite" aria-label={MSG.partyDuesResult}>
        {shown && result.ok && <DuesResult result={result} />}
      </section>
    </article>
  );
}

/** The result: per month and year, rate and bracket, and the rule quoted. */
function DuesResult({ result }: { result: PartyDuesResult }) {
  return (
    <>
      <h2>{MSG.partyDuesResult}</h2>
      <dl className="atr-dues__figures">
        <div>
          <dt>{MSG.partyDuesMonthly}</dt>
          <dd data-testid="dues-monthly">
            {result.monthly} {MSG.yuanUnit}
          </dd>
        </div>
        <div>
          <dt>{MSG.partyDuesYearly}</dt>
          <dd data-testid="dues-yearly">
            {result.yearly} {MSG.yuanUnit}
          </dd>
        </div>
        {result.rate && (
          <div>
            <dt>{MSG.partyDuesRate}</dt>
            <dd data-testid="dues-rate">{result.rate}</dd>
          </div>
        )}
        <div>
          <dt>{MSG.partyDuesBracket}</dt>
          <dd className="atr-dues__bracket">{result.bracket}</dd>
        </div>
      </dl>
      <blockquote className="atr-dues__rule">
        <p>{result.rule.text}</p>
        <footer>
          {MSG.partyDuesRule}：{result.rule.source}
          {result.rule.article}
        </footer>
      </blockquote>
      <p className="atr-dues__note">{MSG.partyDuesNote}</p>
    </>
  );
}
