/** A labelled choice of interface language (da, nb, en), each named in its own language. */
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from "@/i18n/config";

export function LocaleField({
  id,
  label,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: Locale;
  onChange: (locale: Locale) => void;
  testId?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="locale" value={value} onChange={(e) => isLocale(e.target.value) && onChange(e.target.value)} data-testid={testId}>
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
