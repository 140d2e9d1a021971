import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite resolves its wasm/data files relative to its own module URL; bundling breaks that.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
