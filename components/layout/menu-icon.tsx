'use client';

import {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  PictureOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons named by the route catalogue (lib/routes.ts). Unknown names fall back to a neutral icon. */
const ICONS: Record<string, ComponentType> = {
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  PictureOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
};

/** Decorative: the menu item's text names it, so screen readers skip the icon. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = ((name && ICONS[name]) || AppstoreOutlined) as ComponentType<{ 'aria-hidden'?: boolean }>;
  return <Icon aria-hidden />;
}
