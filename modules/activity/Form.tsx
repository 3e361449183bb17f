/** Editor form of the activity panel (spec 1 §2, §3 'Activity defaults', §5): conferences and projects. */
import type { FormProps } from '../types.app';
import { ACTIVITY_DATA_TYPES, type ActivityModule } from './definition';
import { DataTypeForm } from '../kit/DataTypeForm';

/** See the file comment. */
export default function ActivityForm(props: FormProps<ActivityModule>) {
  return <DataTypeForm type="activity" dataTypes={ACTIVITY_DATA_TYPES} {...props} />;
}
