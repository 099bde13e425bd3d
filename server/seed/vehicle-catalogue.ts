// The vehicle catalogue (GET /vehicles/makes...): makes and models sold in the spec's countries (AT BE CH DE DK ES IT
// LU NL PL PT), cars and motorcycles, each model with its fuel types and tank size in litres (null: a battery).
// Tank sizes are the usual factory figures of the current generation, rounded to whole litres.
import type { VehicleFuel, VehicleType } from '../../contract/vehicles';

type Tanks = Partial<Record<VehicleFuel, number | null>>;
type ModelRow = [name: string, tanks: Tanks];
export type CatalogueMake = { name: string; type: VehicleType; models: ModelRow[] };

const E5 = 'SUPER_E5';
const D = 'DIESEL';
const EV = 'ELECTRIC';
const petrolDiesel = (petrol: number, diesel = petrol): Tanks => ({ [E5]: petrol, SUPER_E10: petrol, [D]: diesel });
const petrol = (litres: number): Tanks => ({ [E5]: litres, SUPER_E10: litres });
const electric: Tanks = { [EV]: null };

const cars: Array<[string, ModelRow[]]> = [
  [
    'Volkswagen',
    [
      ['Golf', { ...petrolDiesel(50), CNG: 50 }],
      ['Polo', petrolDiesel(40)],
      ['Passat', petrolDiesel(66)],
      ['Tiguan', petrolDiesel(58)],
      ['ID.3', electric],
    ],
  ],
  [
    'BMW',
    [
      ['1 Series', petrolDiesel(50)],
      ['3 Series', petrolDiesel(59)],
      ['5 Series', petrolDiesel(60)],
      ['X1', petrolDiesel(54)],
      ['i4', electric],
    ],
  ],
  [
    'Mercedes-Benz',
    [
      ['A-Class', petrolDiesel(43)],
      ['C-Class', petrolDiesel(66)],
      ['E-Class', petrolDiesel(66)],
      ['GLC', petrolDiesel(62)],
      ['EQA', electric],
    ],
  ],
  [
    'Audi',
    [
      ['A3', petrolDiesel(50)],
      ['A4', petrolDiesel(54)],
      ['A6', petrolDiesel(73)],
      ['Q3', petrolDiesel(60)],
      ['Q4 e-tron', electric],
    ],
  ],
  [
    'Opel',
    [
      ['Corsa', { ...petrolDiesel(44), [EV]: null }],
      ['Astra', petrolDiesel(52)],
      ['Mokka', petrolDiesel(44)],
      ['Grandland', petrolDiesel(53)],
    ],
  ],
  [
    'Ford',
    [
      ['Fiesta', petrolDiesel(42)],
      ['Focus', petrolDiesel(52)],
      ['Kuga', petrolDiesel(54)],
      ['Puma', petrol(42)],
      ['Mustang Mach-E', electric],
    ],
  ],
  [
    'Renault',
    [
      ['Clio', { ...petrolDiesel(42), LPG: 32 }],
      ['Megane', petrolDiesel(47)],
      ['Captur', petrolDiesel(48)],
      ['Zoe', electric],
    ],
  ],
  [
    'Peugeot',
    [
      ['208', petrolDiesel(44)],
      ['308', petrolDiesel(52)],
      ['2008', petrolDiesel(44)],
      ['3008', petrolDiesel(53)],
    ],
  ],
  [
    'Citroën',
    [
      ['C3', petrolDiesel(42)],
      ['C4', petrolDiesel(50)],
      ['C5 Aircross', petrolDiesel(53)],
      ['Berlingo', petrolDiesel(50)],
    ],
  ],
  [
    'Fiat',
    [
      ['500', { ...petrol(35), [EV]: null }],
      ['Panda', { ...petrol(37), CNG: 37, LPG: 30 }],
      ['Tipo', petrolDiesel(50)],
      ['Doblò', petrolDiesel(50)],
    ],
  ],
  [
    'Škoda',
    [
      ['Fabia', petrol(40)],
      ['Octavia', { ...petrolDiesel(45), CNG: 9 }],
      ['Superb', petrolDiesel(66)],
      ['Kodiaq', petrolDiesel(58)],
      ['Enyaq', electric],
    ],
  ],
  [
    'SEAT',
    [
      ['Ibiza', { ...petrol(40), CNG: 40 }],
      ['Leon', petrolDiesel(50)],
      ['Arona', petrol(40)],
      ['Ateca', petrolDiesel(50)],
    ],
  ],
  [
    'Cupra',
    [
      ['Formentor', petrol(55)],
      ['Born', electric],
      ['Leon', petrol(50)],
    ],
  ],
  [
    'Toyota',
    [
      ['Yaris', petrol(36)],
      ['Corolla', petrol(43)],
      ['RAV4', petrol(55)],
      ['C-HR', petrol(43)],
      ['Mirai', { HYDROGEN: null }],
    ],
  ],
  [
    'Hyundai',
    [
      ['i10', petrol(36)],
      ['i20', petrol(40)],
      ['i30', petrolDiesel(50)],
      ['Tucson', petrolDiesel(54)],
      ['Ioniq 5', electric],
      ['Nexo', { HYDROGEN: null }],
    ],
  ],
  [
    'Kia',
    [
      ['Picanto', petrol(35)],
      ['Ceed', petrolDiesel(50)],
      ['Sportage', petrolDiesel(54)],
      ['Niro', petrol(42)],
      ['EV6', electric],
    ],
  ],
  [
    'Nissan',
    [
      ['Micra', petrol(41)],
      ['Qashqai', petrol(55)],
      ['Juke', petrol(46)],
      ['Leaf', electric],
    ],
  ],
  [
    'Dacia',
    [
      ['Sandero', { ...petrol(50), LPG: 40 }],
      ['Duster', { ...petrolDiesel(50), LPG: 49 }],
      ['Jogger', { ...petrol(50), LPG: 40 }],
      ['Spring', electric],
    ],
  ],
  [
    'Volvo',
    [
      ['XC40', petrolDiesel(54)],
      ['XC60', petrolDiesel(71)],
      ['V60', petrolDiesel(60)],
      ['EX30', electric],
    ],
  ],
  [
    'Mazda',
    [
      ['Mazda2', petrol(44)],
      ['Mazda3', petrolDiesel(51)],
      ['CX-5', petrolDiesel(58)],
      ['MX-5', petrol(45)],
    ],
  ],
  [
    'Honda',
    [
      ['Jazz', petrol(40)],
      ['Civic', petrol(47)],
      ['HR-V', petrol(40)],
      ['CR-V', petrol(57)],
    ],
  ],
  [
    'Suzuki',
    [
      ['Swift', petrol(37)],
      ['Vitara', petrol(47)],
      ['Ignis', petrol(32)],
      ['S-Cross', petrol(47)],
    ],
  ],
  [
    'Mitsubishi',
    [
      ['Space Star', petrol(35)],
      ['ASX', petrol(48)],
      ['Eclipse Cross', petrol(43)],
    ],
  ],
  [
    'Tesla',
    [
      ['Model 3', electric],
      ['Model Y', electric],
      ['Model S', electric],
    ],
  ],
  [
    'MINI',
    [
      ['Cooper', { ...petrol(44), [EV]: null }],
      ['Countryman', petrolDiesel(54)],
      ['Clubman', petrolDiesel(48)],
    ],
  ],
  [
    'Porsche',
    [
      ['911', { SUPER_PLUS: 64 }],
      ['Macan', { SUPER_PLUS: 65 }],
      ['Cayenne', { SUPER_PLUS: 75 }],
      ['Taycan', electric],
    ],
  ],
  [
    'Alfa Romeo',
    [
      ['Giulia', { ...petrolDiesel(58), SUPER_PLUS: 58 }],
      ['Stelvio', petrolDiesel(64)],
      ['Tonale', petrol(55)],
    ],
  ],
  [
    'Jeep',
    [
      ['Renegade', petrolDiesel(48)],
      ['Compass', petrolDiesel(51)],
      ['Avenger', { ...petrol(44), [EV]: null }],
    ],
  ],
  [
    'Land Rover',
    [
      ['Range Rover Evoque', petrolDiesel(67)],
      ['Discovery Sport', petrolDiesel(65)],
      ['Defender', petrolDiesel(90)],
    ],
  ],
  [
    'Jaguar',
    [
      ['E-Pace', petrolDiesel(69)],
      ['F-Pace', petrolDiesel(82)],
      ['I-Pace', electric],
    ],
  ],
  ['Lancia', [['Ypsilon', { ...petrol(40), LPG: 38 }]]],
  [
    'DS',
    [
      ['DS 3', petrolDiesel(44)],
      ['DS 4', petrolDiesel(52)],
      ['DS 7', petrolDiesel(55)],
    ],
  ],
  [
    'Subaru',
    [
      ['Impreza', petrol(50)],
      ['Forester', petrol(48)],
      ['Outback', petrol(63)],
    ],
  ],
  [
    'smart',
    [
      ['fortwo', petrol(28)],
      ['#1', electric],
    ],
  ],
  [
    'Lexus',
    [
      ['UX', petrol(43)],
      ['NX', petrol(55)],
      ['RX', petrol(65)],
    ],
  ],
  [
    'MG',
    [
      ['MG3', petrol(36)],
      ['ZS', { ...petrol(48), [EV]: null }],
      ['MG4', electric],
    ],
  ],
  [
    'BYD',
    [
      ['Atto 3', electric],
      ['Dolphin', electric],
      ['Seal', electric],
    ],
  ],
  [
    'Polestar',
    [
      ['Polestar 2', electric],
      ['Polestar 4', electric],
    ],
  ],
  ['Lynk & Co', [['01', petrol(51)]]],
  [
    'Alpine',
    [
      ['A110', { SUPER_PLUS: 45 }],
      ['A290', electric],
    ],
  ],
  [
    'Maserati',
    [
      ['Ghibli', { SUPER_PLUS: 80 }],
      ['Grecale', { SUPER_PLUS: 64 }],
    ],
  ],
  [
    'Ferrari',
    [
      ['Roma', { SUPER_PLUS: 80 }],
      ['296 GTB', { SUPER_PLUS: 65 }],
    ],
  ],
];

const motorcycles: Array<[string, ModelRow[]]> = [
  [
    'BMW',
    [
      ['R 1300 GS', petrol(19)],
      ['F 900 R', petrol(13)],
      ['CE 04', electric],
    ],
  ],
  [
    'Honda',
    [
      ['CB500F', petrol(17)],
      ['Africa Twin', petrol(19)],
      ['PCX 125', petrol(8)],
    ],
  ],
  [
    'Suzuki',
    [
      ['V-Strom 650', petrol(20)],
      ['GSX-S1000', petrol(19)],
    ],
  ],
  [
    'Yamaha',
    [
      ['MT-07', petrol(14)],
      ['Ténéré 700', petrol(16)],
      ['TMAX', petrol(15)],
      ['NMAX 125', petrol(7)],
    ],
  ],
  [
    'Kawasaki',
    [
      ['Z900', petrol(17)],
      ['Ninja 650', petrol(15)],
      ['Versys 650', petrol(21)],
    ],
  ],
  [
    'Ducati',
    [
      ['Monster', { SUPER_PLUS: 14 }],
      ['Multistrada V4', { SUPER_PLUS: 22 }],
      ['Scrambler Icon', petrol(14)],
    ],
  ],
  [
    'KTM',
    [
      ['390 Duke', petrol(15)],
      ['890 Adventure', petrol(20)],
      ['1290 Super Duke R', { SUPER_PLUS: 17 }],
    ],
  ],
  [
    'Harley-Davidson',
    [
      ['Sportster S', petrol(12)],
      ['Street Glide', petrol(23)],
      ['LiveWire One', electric],
    ],
  ],
  [
    'Triumph',
    [
      ['Trident 660', petrol(14)],
      ['Tiger 900', petrol(20)],
      ['Bonneville T120', petrol(15)],
    ],
  ],
  [
    'Aprilia',
    [
      ['Tuono 660', petrol(15)],
      ['RS 457', petrol(13)],
    ],
  ],
  [
    'Moto Guzzi',
    [
      ['V7 Stone', petrol(21)],
      ['V85 TT', petrol(23)],
    ],
  ],
  [
    'Piaggio',
    [
      ['Beverly 300', petrol(12)],
      ['MP3 400', petrol(13)],
    ],
  ],
  [
    'Vespa',
    [
      ['Primavera 125', petrol(8)],
      ['GTS 300', petrol(9)],
      ['Elettrica', electric],
    ],
  ],
  [
    'Husqvarna',
    [
      ['Svartpilen 401', petrol(13)],
      ['Norden 901', petrol(19)],
    ],
  ],
  [
    'Royal Enfield',
    [
      ['Classic 350', petrol(13)],
      ['Himalayan', petrol(17)],
    ],
  ],
];

const toMakes = (rows: Array<[string, ModelRow[]]>, type: VehicleType): CatalogueMake[] =>
  rows.map(([name, models]) => ({ name, type, models }));

/** Every make once per vehicle type (BMW, Honda and Suzuki build both). */
export const VEHICLE_CATALOGUE: readonly CatalogueMake[] = [
  ...toMakes(cars, 'car'),
  ...toMakes(motorcycles, 'motorcycle'),
];
