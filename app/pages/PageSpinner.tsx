/** Full-page spinner while a lazy chunk or a first read loads. */
import { Spinner } from '@modules/kit/ui';

/** A centred large spinner. */
export function PageSpinner() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spinner size="large" />
    </div>
  );
}
