'use client';

import { useEffect, useState } from 'react';
import { uploadLimits } from '@/lib/api/media';

/**
 * Whether this deployment checks pictures (IMAGE_CHECK_URL), from `GET /api/upload_limits` (asked
 * once per tab); null until known.
 */
export function useImageCheck(): boolean | null {
  const [imageCheck, setImageCheck] = useState<boolean | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void uploadLimits().then((limits) => isCurrent && setImageCheck(limits ? limits.imageCheck === true : null));
    return () => {
      isCurrent = false;
    };
  }, []);
  return imageCheck;
}
