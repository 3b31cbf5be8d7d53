import {
  type MyDataBatch,
  type MyDataList,
  type MyDataListRequest,
  MyDataPageSize,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toMyDataBatch, toMyDataScene } from './my-data.mapper';
import type { MyDataRepository } from './my-data.repository';

/** A date-time the schema let through (format date-time) that the database can hold too. */
function instant(field: string, value: string | undefined): Date | null {
  if (value === undefined) return null;
  const t = new Date(value);
  // years beyond 0001–9999 (JavaScript reads ±yyyyyy) are no image times
  if (Number.isNaN(t.getTime()) || t.getUTCFullYear() < 1 || t.getUTCFullYear() > 9999) {
    throw ApiError.invalid(field);
  }
  return t;
}

const blankToNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** My data (spec 000 §2 "My data panel", §7): the caller's delivered scenes and batches. */
export class MyDataService {
  constructor(private readonly repository: MyDataRepository) {}

  async list(userId: number, request: MyDataListRequest): Promise<MyDataList> {
    const startTime = instant('startTime', request.startTime);
    const endTime = instant('endTime', request.endTime);
    if (startTime && endTime && startTime > endTime) throw ApiError.invalid('endTime');
    const start = request.start ?? 0;
    const length = request.length ?? MyDataPageSize;
    const { rows, total } = await this.repository.list(userId, {
      startTime,
      endTime,
      batchName: blankToNull(request.batchName),
      sceneId: blankToNull(request.sceneId),
      aoi: blankToNull(request.aoi),
      start,
      length,
    });
    return { list: rows.map(toMyDataScene), total, more: start + rows.length < total };
  }

  async batches(userId: number): Promise<MyDataBatch[]> {
    return (await this.repository.batches(userId)).map(toMyDataBatch);
  }
}
