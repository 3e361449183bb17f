/** Full-page spinner while a lazy chunk or a first read loads. */
import { Spin } from 'antd';

/** A centred large spinner. */
export function PageSpinner() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
