/** Rows for the gallery's data table: the sample IS the example. Names read the same everywhere. */
export type StationStatus = 'OPEN' | 'MAINTENANCE' | 'CLOSED';

export interface SampleStation {
  id: string;
  name: string;
  city: string;
  status: StationStatus;
  price: number;
}

export const SAMPLE_STATIONS: readonly SampleStation[] = [
  { id: 's1', name: 'Harbor Road', city: 'Long Beach', status: 'OPEN', price: 4.59 },
  { id: 's2', name: 'Sunset Boulevard', city: 'Los Angeles', status: 'OPEN', price: 4.79 },
  { id: 's3', name: 'Mission Street', city: 'San Francisco', status: 'MAINTENANCE', price: 5.09 },
  { id: 's4', name: 'Desert Inn Road', city: 'Las Vegas', status: 'OPEN', price: 3.99 },
  { id: 's5', name: 'Pike Street', city: 'Seattle', status: 'CLOSED', price: 4.49 },
  { id: 's6', name: 'Congress Avenue', city: 'Austin', status: 'OPEN', price: 3.19 },
  { id: 's7', name: 'Colfax Avenue', city: 'Denver', status: 'OPEN', price: 3.39 },
  { id: 's8', name: 'Burnside Street', city: 'Portland', status: 'MAINTENANCE', price: 4.29 },
  { id: 's9', name: 'Camelback Road', city: 'Phoenix', status: 'OPEN', price: 3.59 },
  { id: 's10', name: 'State Street', city: 'Salt Lake City', status: 'OPEN', price: 3.49 },
  { id: 's11', name: 'El Camino Real', city: 'San Diego', status: 'CLOSED', price: 4.89 },
  { id: 's12', name: 'Fremont Street', city: 'Las Vegas', status: 'OPEN', price: 3.95 },
];
