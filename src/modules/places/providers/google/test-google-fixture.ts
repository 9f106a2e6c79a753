/**
 * The test catalog's places as the Google Places API (New) would describe them (made-up ids and counts),
 * for the fake server. Some have no rating, some no opening hours, as real answers do.
 */
import type { FakePlace } from './fake-google-places.ts'

const week = (open: [number, number], close: [number, number], closedOn: number[] = []) => ({
  periods: [0, 1, 2, 3, 4, 5, 6]
    .filter((day) => !closedOn.includes(day))
    .map((day) => ({ open: { day, hour: open[0], minute: open[1] }, close: { day, hour: close[0], minute: close[1] } })),
})

export const GOOGLE_API_KEY = 'test-key-123'

export const GOOGLE_CITIES = [
  { description: 'Paris, France', types: ['locality', 'political', 'geocode'] },
  { description: 'Paris, TX, USA', types: ['locality', 'political', 'geocode'] },
  { description: 'London, UK', types: ['locality', 'political', 'geocode'] },
]

export const GOOGLE_PLACES: readonly FakePlace[] = [
  {
    id: 'ChIJLouvre',
    displayName: { text: 'Louvre Museum', languageCode: 'en' },
    formattedAddress: '75001 Paris, France',
    location: { latitude: 48.8606, longitude: 2.3376 },
    types: ['museum', 'tourist_attraction', 'point_of_interest', 'establishment'],
    primaryType: 'museum',
    rating: 4.7,
    userRatingCount: 310_000,
    regularOpeningHours: week([9, 0], [18, 0], [2]),
  },
  {
    id: 'ChIJEiffel',
    displayName: { text: 'Eiffel Tower', languageCode: 'en' },
    formattedAddress: 'Av. Gustave Eiffel, 75007 Paris, France',
    location: { latitude: 48.8584, longitude: 2.2945 },
    types: ['tourist_attraction', 'historical_landmark', 'point_of_interest', 'establishment'],
    primaryType: 'tourist_attraction',
    rating: 4.7,
    userRatingCount: 420_000,
    // Closes after midnight: the close point falls on the next day.
    regularOpeningHours: {
      periods: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ open: { day, hour: 9, minute: 30 }, close: { day: (day + 1) % 7, hour: 0, minute: 45 } })),
    },
  },
  {
    id: 'ChIJOrsay',
    displayName: { text: "Musée d'Orsay", languageCode: 'fr' },
    formattedAddress: "Esplanade Valéry Giscard d'Estaing, 75007 Paris, France",
    location: { latitude: 48.86, longitude: 2.3266 },
    types: ['museum', 'art_gallery', 'tourist_attraction', 'point_of_interest', 'establishment'],
    primaryType: 'museum',
    rating: 4.8,
    userRatingCount: 120_000,
    regularOpeningHours: week([9, 30], [18, 0], [1]),
  },
  {
    id: 'ChIJNotreDame',
    displayName: { text: 'Notre-Dame de Paris', languageCode: 'fr' },
    formattedAddress: '6 Parvis Notre-Dame, 75004 Paris, France',
    location: { latitude: 48.853, longitude: 2.3499 },
    types: ['church', 'place_of_worship', 'tourist_attraction', 'point_of_interest', 'establishment'],
    primaryType: 'church',
    rating: 4.7,
    userRatingCount: 150_000,
  },
  {
    // No rating and no hours in the answer.
    id: 'ChIJLuxembourg',
    displayName: { text: 'Jardin du Luxembourg', languageCode: 'fr' },
    formattedAddress: '75006 Paris, France',
    location: { latitude: 48.8462, longitude: 2.3372 },
    types: ['park', 'tourist_attraction', 'point_of_interest', 'establishment'],
    primaryType: 'park',
  },
  {
    id: 'ChIJVersailles',
    displayName: { text: 'Palace of Versailles', languageCode: 'en' },
    formattedAddress: "Place d'Armes, 78000 Versailles, France",
    location: { latitude: 48.8049, longitude: 2.1204 },
    types: ['historical_landmark', 'tourist_attraction', 'museum', 'point_of_interest', 'establishment'],
    primaryType: 'historical_landmark',
    rating: 4.6,
    userRatingCount: 200_000,
    regularOpeningHours: week([9, 0], [17, 30], [1]),
  },
  {
    id: 'ChIJBritishMuseum',
    displayName: { text: 'British Museum', languageCode: 'en' },
    formattedAddress: 'Great Russell St, London WC1B 3DG, UK',
    location: { latitude: 51.5194, longitude: -0.127 },
    types: ['museum', 'tourist_attraction', 'point_of_interest', 'establishment'],
    primaryType: 'museum',
    rating: 4.7,
    userRatingCount: 180_000,
    regularOpeningHours: week([10, 0], [17, 0]),
  },
]
