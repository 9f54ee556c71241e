// What useMutation does, as a plain class: runs mutationFn with its callbacks and keeps the state of the
// last mutate() for the component.

export interface MutateOptions<TData, TError, TVariables, TContext> {
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown;
  onError?: (error: TError, variables: TVariables, context: TContext | undefined) => unknown;
  onSettled?: (
    data: TData | undefined,
    error: TError | null,
    variables: TVariables,
    context: TContext | undefined,
  ) => unknown;
}

/** The callbacks run (and are awaited: the mutation is pending until they settle) whatever the component. */
export interface UseMutationOptions<TData, TError, TVariables, TContext>
  extends MutateOptions<TData, TError, TVariables, TContext> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Runs first; what it returns is the callbacks' `context`. */
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
}

export interface UseMutationResult<TData, TError, TVariables, TContext> {
  status: 'idle' | 'pending' | 'success' | 'error';
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data: TData | undefined;
  error: TError | null;
  /** The last mutate()'s variables (undefined when idle). */
  variables: TVariables | undefined;
  submittedAt: number;
  /** Runs the mutation; a failure goes to `error` and onError (never throws). */
  mutate: (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void;
  /** mutate() whose promise has the answer, or rejects with the failure. */
  mutateAsync: (
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables, TContext>,
  ) => Promise<TData>;
  /** Back to idle; a mutation still running no longer changes the state. */
  reset: () => void;
}

type State<D, E, V> = {
  status: 'idle' | 'pending' | 'success' | 'error';
  data?: D;
  error?: E;
  variables?: V;
};

export class MutationObserver<TData, TError, TVariables, TContext> {
  options: UseMutationOptions<TData, TError, TVariables, TContext>;
  readonly #listeners = new Set<() => void>();
  #result!: UseMutationResult<TData, TError, TVariables, TContext>;
  /** Counts mutate() and reset() calls: only the latest one's outcome is the state. */
  #run = 0;

  constructor(options: UseMutationOptions<TData, TError, TVariables, TContext>) {
    this.options = options;
    this.#set({ status: 'idle' });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getResult = (): UseMutationResult<TData, TError, TVariables, TContext> => this.#result;

  readonly mutate = (
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables, TContext>,
  ): void => {
    this.mutateAsync(variables, options).catch(() => undefined);
  };

  /**
   * The hook's callbacks run for every mutation (even once the component is gone); mutate()'s own only for
   * the latest one while the component is mounted (as TanStack).
   */
  readonly mutateAsync = async (
    variables: TVariables,
    own: MutateOptions<TData, TError, TVariables, TContext> = {},
  ): Promise<TData> => {
    const run = ++this.#run;
    const { mutationFn, onMutate, onSuccess, onError, onSettled } = this.options;
    const current = () => run === this.#run && this.#listeners.size > 0;
    this.#set({ status: 'pending', variables }, run);
    let context: TContext | undefined;
    try {
      context = await onMutate?.(variables);
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables, context);
      await onSettled?.(data, null, variables, context);
      this.#set({ status: 'success', data, variables }, run);
      if (current()) {
        own.onSuccess?.(data, variables, context);
        own.onSettled?.(data, null, variables, context);
      }
      return data;
    } catch (caught) {
      const error = caught as TError;
      try {
        await onError?.(error, variables, context);
        await onSettled?.(undefined, error, variables, context);
      } finally {
        this.#set({ status: 'error', error, variables }, run);
        if (current()) {
          own.onError?.(error, variables, context);
          own.onSettled?.(undefined, error, variables, context);
        }
      }
      throw error;
    }
  };

  readonly reset = (): void => {
    this.#set({ status: 'idle' }, ++this.#run);
  };

  #set({ status, data, error, variables }: State<TData, TError, TVariables>, run = this.#run): void {
    if (run !== this.#run) return;
    this.#result = {
      status,
      isIdle: status === 'idle',
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      data,
      error: error ?? null,
      variables,
      submittedAt: status === 'pending' ? Date.now() : (this.#result?.submittedAt ?? 0),
      mutate: this.mutate,
      mutateAsync: this.mutateAsync,
      reset: this.reset,
    };
    for (const listener of this.#listeners) listener();
  }
}
