/** Editor form of the research-output panel (spec 1 §2, §5): data types article, patent, report. */
import type { FormProps } from '../types.app';
import { FRUIT_DATA_TYPES, type FruitModule } from './definition';
import { DataTypeForm } from '../kit/DataTypeForm';

/** See the file comment. */
export default function FruitForm(props: FormProps<FruitModule>) {
  return <DataTypeForm type="fruit" dataTypes={FRUIT_DATA_TYPES} {...props} />;
}
