import type { FormRule } from 'antd';
import { articleSaveSchema } from '@/lib/resources/schemas/articles';
import { fieldError } from '@/lib/resources/check';

const def = { schema: articleSaveSchema };

/**
 * Client rules of an editor field: the very zod rules the server checks, with its Chinese messages
 * (the title: 请输入标题, SEED §5), shown inline as one types.
 */
export function fieldRules(name: keyof typeof articleSaveSchema.shape): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const error = fieldError(def, name, value);
        if (error) throw new Error(error);
      },
    },
  ];
}
