import { Combobox, Option } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getRuntimeConfig } from '@/lib/config';
import { leafletMapAtom } from './map-state';

/** One place of a Nominatim-compatible `/search?format=json` answer (the fields the map uses). */
const PlaceSchema = z.object({
  place_id: z.union([z.number(), z.string()]),
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]).optional(),
});
const PlacesSchema = z.array(PlaceSchema).max(50);
export type Place = z.infer<typeof PlaceSchema>;

const PLACE_LIMIT = 8;
const MIN_QUERY = 3;
const PLACE_ZOOM = 17;

/** Places matching `query` from the geocoder at `baseUrl` (Nominatim's `/search?q=&format=json`). */
export async function searchPlaces(
  baseUrl: string,
  query: string,
  language: string,
  signal: AbortSignal | null = null,
) {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', String(PLACE_LIMIT));
  url.searchParams.set('accept-language', language);
  const answer = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`Geocoder answered ${answer.status}`);
  return PlacesSchema.parse(await answer.json());
}

/**
 * 'Search location': type an address or a place, pick one to move the map there. Shown only when
 * the runtime configuration names a geocoder (MAP_GEOCODER_URL).
 */
export function LocationSearch({ className }: { className?: string }) {
  const { mapGeocoderUrl } = getRuntimeConfig();
  if (!mapGeocoderUrl) return null;
  return <GeocoderSearch className={className} baseUrl={mapGeocoderUrl} />;
}

function GeocoderSearch({ className, baseUrl }: { className?: string | undefined; baseUrl: string }) {
  const { t, i18n } = useTranslation('map');
  const map = useAtomValue(leafletMapAtom);
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const wanted = useDeferredValue(query.trim());
  const places = useQuery({
    queryKey: ['places', baseUrl, wanted, i18n.language],
    queryFn: ({ signal }) => searchPlaces(baseUrl, wanted, i18n.language, signal),
    enabled: wanted.length >= MIN_QUERY,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const pick = (id: string | undefined) => {
    const place = places.data?.find((candidate) => String(candidate.place_id) === id);
    if (!place || !map) return;
    setQuery(place.display_name);
    const box = place.boundingbox;
    if (box)
      map.fitBounds(
        [
          [box[0], box[2]],
          [box[1], box[3]],
        ],
        { maxZoom: PLACE_ZOOM },
      );
    else map.setView([place.lat, place.lon], PLACE_ZOOM);
  };
  return (
    <Combobox
      data-testid="location-search"
      className={className}
      freeform
      expandIcon={{ children: <LocationRegular />, 'aria-label': t('location.open') }}
      aria-label={t('location.label')}
      placeholder={t('location.placeholder')}
      value={query}
      open={isOpen}
      onOpenChange={(_event, data) => setOpen(data.open)}
      selectedOptions={[]}
      onInput={(event) => {
        const next = (event.target as HTMLInputElement).value;
        setQuery(next);
        setOpen(next.trim().length >= MIN_QUERY);
      }}
      onOptionSelect={(_event, data) => pick(data.optionValue)}
    >
      {(places.data ?? []).map((place) => (
        <Option key={String(place.place_id)} value={String(place.place_id)} text={place.display_name}>
          {place.display_name}
        </Option>
      ))}
      {wanted.length >= MIN_QUERY && places.isSuccess && places.data.length === 0 && (
        <Option disabled value="" text="">
          {t('location.noMatches')}
        </Option>
      )}
      {places.isError && (
        <Option disabled value="" text="">
          {t('location.failed')}
        </Option>
      )}
    </Combobox>
  );
}
