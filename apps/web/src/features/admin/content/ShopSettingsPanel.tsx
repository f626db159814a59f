import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MOIT_BADGE_IMAGE, SHOP_SETTING_FIELDS, shopSettingsSchema, type ShopSettingKey, type ShopSettingsDto } from '@nhasach/shared';
import { fetchShopSettings, saveShopSettings, shopSettingsKey } from '../../../api/shop-settings.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { inputClass } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { Card, InlineAlert } from '../ui.tsx';
import { errorText } from '../../../components/ui/errorText.ts';

const KEYS = Object.keys(SHOP_SETTING_FIELDS) as ShopSettingKey[];
const HINTS: Partial<Record<ShopSettingKey, string>> = {
  businessRegistration: 'Ví dụ: GCN ĐKDN số 0312345678 do Sở KH&ĐT TP.HCM cấp ngày 01/02/2020',
  moitUrl: 'Liên kết trang thông báo của cửa hàng trên online.gov.vn',
  moitImageUrl: `Ảnh trên cửa hàng; có sẵn ${MOIT_BADGE_IMAGE}`,
};

/**
 * The footer's business details and the Bộ Công Thương badge (content back-office). Each field is shown in the
 * storefront's footer once filled; empty ones are hidden (the badge needs both its link and its picture).
 */
export function ShopSettingsPanel() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: shopSettingsKey, queryFn: ({ signal }) => fetchShopSettings(signal) });
  if (settings.isPending) return null;
  if (settings.isError) return <InlineAlert>{errorText(settings.error, 'Không tải được thông tin doanh nghiệp', { append: true })}</InlineAlert>;
  return (
    <ShopSettingsForm
      initial={settings.data}
      onSaved={(saved) => {
        queryClient.setQueryData(shopSettingsKey, saved);
        toast.show('Đã lưu thông tin doanh nghiệp.');
      }}
    />
  );
}

function ShopSettingsForm({ initial, onSaved }: { initial: ShopSettingsDto; onSaved: (saved: ShopSettingsDto) => void }) {
  const [values, setValues] = useState<ShopSettingsDto>(initial);
  const [problem, setProblem] = useState<string>();
  const save = useMutation({ mutationFn: saveShopSettings, onSuccess: onSaved });
  const submit = () => {
    setProblem(undefined);
    const parsed = shopSettingsSchema.safeParse(values);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    save.mutate(parsed.data);
  };
  return (
    <Card title="Thông tin doanh nghiệp ở chân trang" description="Hiển thị ở chân trang cửa hàng; để trống phần nào thì phần đó được ẩn.">
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {KEYS.map((key) => (
          <label key={key} className="block text-sm">
            <span className="font-medium text-gray-700">{SHOP_SETTING_FIELDS[key]}</span>
            <input
              name={key}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              className={`${inputClass} mt-1`}
            />
            {HINTS[key] && <span className="mt-0.5 block text-xs text-gray-500">{HINTS[key]}</span>}
          </label>
        ))}
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button type="submit" busy={save.isPending}>
            Lưu thông tin
          </Button>
          {(problem || save.isError) && <InlineAlert>{problem ?? errorText(save.error, 'Không lưu được thông tin doanh nghiệp', { append: true })}</InlineAlert>}
        </div>
      </form>
    </Card>
  );
}
