import type { TAppName, TGeneralInformationItem, TLogoKey } from '@/domain/generalInformation';
import type { TSystemSettings, TSystemSettingsRecord } from '@/domain/systemSettings';
import { api } from '@/platform/api/client';
import { downloadFile } from '@/platform/api/saveBlob';

/** The calls of the general information page (spec section 7 'General information and settings'). */

/** `GET /general-information`: the keyed values with ids and versions; a failure shows the catalogue's view. */
export const fetchGeneralInformation = async (): Promise<TGeneralInformationItem[]> =>
  (await api<{ data: TGeneralInformationItem[] }>('/general-information')).data;

/** `PATCH /general-information/{id}`: the app name in both languages; 409 when `version` is stale. */
export const saveAppName = async (id: number, value: TAppName, version: number) =>
  (
    await api<{ data: TGeneralInformationItem }>(`/general-information/${id}`, {
      method: 'PATCH',
      body: { value, version },
    })
  ).data;

const uploadPaths: Record<TLogoKey, string> = {
  app_logo: '/general-information/upload',
  footer_logo: '/admin/setting/upload-footer-logo',
};
const deletePaths: Record<TLogoKey, string> = {
  app_logo: '/admin/setting/delete-app-logo',
  footer_logo: '/admin/setting/delete-footer-logo',
};

/** Uploads one image as multipart/form-data in the field `file`; answers the updated item. */
export const uploadLogo = async (key: TLogoKey, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return (
    await api<{ data: TGeneralInformationItem }>(uploadPaths[key], {
      method: 'POST',
      body,
    })
  ).data;
};

/** Removes a logo: its value becomes null and the server deletes the file. */
export const deleteLogo = async (key: TLogoKey) =>
  (await api<{ data: TGeneralInformationItem }>(deletePaths[key], { method: 'POST' })).data;

/** `GET /admin/system-setting`: the settings over their defaults and the set's version. */
export const fetchSystemSettings = async (): Promise<TSystemSettingsRecord> =>
  (await api<{ data: TSystemSettingsRecord }>('/admin/system-setting')).data;

/** `PUT /admin/system-setting`: the whole set at once; 409 when `version` is stale. */
export const saveSystemSettings = async (values: TSystemSettings, version: number) =>
  (
    await api<{ data: TSystemSettingsRecord }>('/admin/system-setting', {
      method: 'PUT',
      body: { ...values, version },
    })
  ).data;

/** `GET /categories/excel`: the reference lists workbook, saved by the browser as categories.xlsx. */
export const downloadReferenceWorkbook = () => downloadFile('/categories/excel', 'categories.xlsx');
