import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TInput extends FieldValues, TContext, TOutput> = Resolver<TInput, TContext, TOutput> & {
  preload: () => void;
};

/**
 * A resolver whose schema code (zod and the contract) arrives in its own chunk: the first screen
 * (/login) becomes interactive without it, and `preload` fetches it right after.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): LazyResolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () => {
    loading ??= load();
    return loading;
  };
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
