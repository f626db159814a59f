import { useCallback, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, SALES_MESSAGES, type SaleOrderDto } from '@nhasach/shared';
import { RefreshCwIcon } from 'lucide-react';
import { ApiError } from '../../../api/client.ts';
import { saleKeys } from '../../../api/sales.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button, type ButtonProps } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyFieldErrors, errorText } from '../../../components/ui/errorText.ts';

/**
 * How the order forms save: every write sends the order's `version`; the answer is the whole order, which
 * replaces the cached one (and the list and counts are refreshed). A 409 ORDER_CONFLICT means someone else
 * changed the order meanwhile: the form says so and offers to reload.
 */

/**
 * A resolver validating the form's raw values (strings from inputs and selects) with a shared schema, which
 * coerces them into the payload; `prepare` adapts a value first (a datetime-local to an ISO instant).
 * The cast states that the schema accepts those strings: its input types are narrower (enums, numbers).
 */
function formResolver<Input extends FieldValues, S extends z.ZodType<FieldValues>>(schema: S, prepare?: (values: Input) => Input): Resolver<Input, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<Input, unknown, z.output<S>>;
  return prepare ? (values, context, options) => base(prepare(values), context, options) : base;
}

/**
 * An order form: react-hook-form over the raw `Input` values, checked and coerced by `schema` (formResolver, with
 * `prepare`), and its writes of the order (useOrderWrite).
 */
export function useOrderForm<Input extends FieldValues, S extends z.ZodType<FieldValues>>(schema: S, defaultValues: DefaultValues<Input>, prepare?: (values: Input) => Input) {
  const form = useForm<Input, unknown, z.output<S>>({ resolver: formResolver<Input, S>(schema, prepare), defaultValues });
  return { form, ...useOrderWrite(form.setError) };
}

/** What went wrong with a save, as the form shows it. */
export type WriteProblem = { kind: 'conflict' } | { kind: 'message'; text: string; detail?: string };

export const isConflict = (err: unknown) => err instanceof ApiError && err.code === ERROR_CODES.orderConflict;

/** The usual reading of a failed save: conflict, or the server's message, else the form's fallback text. */
export function problemOf(err: unknown, fallback: string): WriteProblem {
  if (isConflict(err)) return { kind: 'conflict' };
  return { kind: 'message', text: errorText(err, fallback) };
}

/** Puts a 400's field errors under the matching fields. */
export function showFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  applyFieldErrors(err, setError, fields);
}

/** Runs a write of the order: on success the cache takes the new order and a toast confirms. */
export function useOrderSaver() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(
    async (write: () => Promise<SaleOrderDto>, successText: string): Promise<{ ok: true; order: SaleOrderDto } | { ok: false; error: unknown }> => {
      try {
        const saved = await write();
        queryClient.setQueryData(saleKeys.detail(saved.id), saved);
        void queryClient.invalidateQueries({ queryKey: saleKeys.lists });
        void queryClient.invalidateQueries({ queryKey: saleKeys.countsAll });
        toast.show(successText);
        return { ok: true, order: saved };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [queryClient, toast],
  );
}

/**
 * A form's writes of the order: the problem of the last one, whether one is `sending` (a write started from a
 * confirm dialog runs outside handleSubmit, so isSubmitting does not cover it), and `write`, which clears the
 * problem, saves (useOrderSaver) and on a failure puts the server's field errors under `fields` and shows the
 * problem (problemOf with the `failed` text, or the form's own reading). Resolves to the saved order, or undefined
 * after a failure.
 */
export function useOrderWrite<T extends FieldValues>(setError: UseFormSetError<T>) {
  const save = useOrderSaver();
  const [problem, setProblem] = useState<WriteProblem>();
  const [sending, setSending] = useState(false);
  const write = async (run: () => Promise<SaleOrderDto>, successText: string, fields: readonly Path<T>[], failed: string | ((err: unknown) => WriteProblem)) => {
    setProblem(undefined);
    setSending(true);
    const result = await save(run, successText);
    setSending(false);
    if (result.ok) return result.order;
    showFieldErrors(result.error, setError, fields);
    setProblem(typeof failed === 'string' ? problemOf(result.error, failed) : failed(result.error));
    return undefined;
  };
  return { problem, setProblem, sending, write };
}

/** The values a form holds back until its confirm dialog is answered: `ask` opens the dialog, `close` shuts it. */
export function useConfirmStep<V>() {
  const [values, setValues] = useState<V>();
  return { values, ask: (v: V) => setValues(v), close: () => setValues(undefined) };
}

export type ConfirmStep<V> = ReturnType<typeof useConfirmStep<V>>;

/** A write form's foot: its problem (WriteProblemAlert) above its full-width submit button (the other props). */
export function WriteFoot({ problem, onReload, reloading, ...submit }: { problem: WriteProblem | undefined; onReload: () => void; reloading?: boolean } & ButtonProps) {
  return (
    <>
      <WriteProblemAlert problem={problem} onReload={onReload} reloading={reloading} />
      <Button type="submit" fullWidth {...submit} />
    </>
  );
}

/** 'Huỷ đơn hàng …?': the last word before a cancel, asked by the status and the cancel forms; a yes hands over the held values. */
export function CancelOrderConfirm<V>({ order, step, confirmText, busy, onConfirm }: { order: SaleOrderDto; step: ConfirmStep<V>; confirmText: string; busy: boolean; onConfirm: (values: V) => void }) {
  return (
    <ConfirmDialog
      open={step.values !== undefined}
      title={`Huỷ đơn hàng ${order.code}?`}
      description="Đơn hàng sẽ chuyển sang Đã huỷ và sách được trả lại kho. Không thể hoàn tác."
      confirmText={confirmText}
      cancelText="Không"
      danger
      busy={busy}
      onClose={step.close}
      onConfirm={() => step.values !== undefined && onConfirm(step.values)}
    />
  );
}

/** The problem of a form: an error box, or for a conflict the message and a reload button. */
export function WriteProblemAlert({ problem, onReload, reloading }: { problem: WriteProblem | undefined; onReload: () => void; reloading?: boolean }) {
  if (!problem) return null;
  if (problem.kind === 'conflict') {
    return (
      <Alert tone="warning">
        <p className="font-medium">{SALES_MESSAGES.conflict}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onReload} busy={reloading}>
          <RefreshCwIcon size={15} /> Tải lại đơn hàng
        </Button>
      </Alert>
    );
  }
  return (
    <Alert>
      <p className="font-medium">{problem.text}</p>
      {problem.detail && problem.detail !== problem.text && <p className="mt-0.5">{problem.detail}</p>}
    </Alert>
  );
}
