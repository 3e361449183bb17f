/**
 * The submit of a console dialog's form (docs/architecture.md §Browser): validates the fields, sends, shows the
 * server's success message, and on a refusal lets the caller put it on the fields it names, then shows
 * it as a message (spec 2 §8: every failure reaches the user). `saving` is true while the call runs.
 */
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { errorMessage } from '../api';

/** What {@link useFormSubmit} needs. */
export interface FormSubmitOptions<V> {
  /** the call; its answer's `message` (Chinese) is shown on success */
  send(values: V): Promise<{ message?: string } | undefined | void>;
  /** shown when the answer carries no message */
  successMsg: string;
  /** puts a refusal on its fields (applyFieldErrors, a 409 on a named field, ...) */
  onRefused?(err: unknown): void;
  /** after a success: close the dialog, refresh the list */
  onDone(values: V): void;
}

/** Returns `saving` and `submit` (never rejects: validation errors stay on the form, refusals become messages). */
export function useFormSubmit<V>(form: FormInstance<V>, opts: FormSubmitOptions<V>): { saving: boolean; submit: () => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const r = await opts.send(values);
      message.success((r && r.message) || opts.successMsg);
      opts.onDone(values);
    } catch (err) {
      opts.onRefused?.(err);
      message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
