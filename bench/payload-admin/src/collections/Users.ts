import type { CollectionConfig } from 'payload';

/** Staff accounts: Payload's own auth collection (email and password, a session cookie). */
export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'name' },
  auth: true,
  fields: [{ name: 'name', type: 'text', required: true }],
};
