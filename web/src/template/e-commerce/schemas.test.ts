import { describe, expect, it } from 'vitest';
import { createSampleData } from './mock/sample-data';
import {
  CUSTOMER_DEFAULTS,
  customerSchema,
  demoUserSchema,
  PRODUCT_DEFAULTS,
  productSchema,
  REMARK_DEFAULTS,
  remarkSchema,
  specificationSchema,
} from './schemas';

describe('the demo shop shapes', () => {
  it('start new records with their defaults', () => {
    expect(CUSTOMER_DEFAULTS).toMatchObject({
      gender: 'Female',
      status: 0,
      dateOfBbirth: '01/01/2019',
      type: 1,
    });
    expect(CUSTOMER_DEFAULTS.ipAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(PRODUCT_DEFAULTS).toMatchObject({
      modelYear: 2000,
      mileage: 0,
      color: 'Black',
      price: 1000,
      condition: 0,
      status: 0,
    });
    expect(REMARK_DEFAULTS).toMatchObject({ dueDate: '01/01/2019', type: 0 });
  });

  it('refuse values outside their coded ranges', () => {
    const customer = createSampleData().customers[0];
    expect(customerSchema.safeParse({ ...customer, status: 3 }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, type: 2 }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, dateOfBbirth: '1980-04-12' }).success).toBe(
      false,
    );
    expect(specificationSchema.safeParse({ id: 1, carId: 1, specId: 10, value: '' }).success).toBe(
      false,
    );
  });
});

describe('the sample data', () => {
  const data = createSampleData();

  it('is the same on every visit', () => {
    expect(createSampleData()).toEqual(data);
  });

  it('fits the shapes, with unique ids, and records only of cars that exist', () => {
    const valid = (
      schema: { safeParse: (value: unknown) => { success: boolean } },
      rows: unknown[],
    ) => rows.every((row) => schema.safeParse(row).success);
    expect(valid(customerSchema, data.customers)).toBe(true);
    expect(valid(productSchema, data.products)).toBe(true);
    expect(valid(remarkSchema, data.remarks)).toBe(true);
    expect(valid(specificationSchema, data.specifications)).toBe(true);
    expect(valid(demoUserSchema, data.users)).toBe(true);
    for (const rows of [data.customers, data.products, data.remarks, data.specifications]) {
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    }
    const cars = new Set(data.products.map((car) => car.id));
    expect(data.remarks.every((remark) => cars.has(remark.carId))).toBe(true);
    expect(data.specifications.every((spec) => cars.has(spec.carId))).toBe(true);
  });

  it('has the demo users admin, user and guest with roles 1, 2 and 3', () => {
    expect(data.users.map((user) => [user.username, user.roles])).toEqual([
      ['admin', [1]],
      ['user', [2]],
      ['guest', [3]],
    ]);
  });
});
