import 'reflect-metadata';
import { IsArray, IsInt, IsOptional, IsString, Min, validateSync } from 'class-validator';
import { typeComplaint } from './type-complaint';

class Body {
  @IsOptional()
  @IsInt()
  @Min(-1)
  expectedRevision?: unknown;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  messageIds?: unknown;
}

function complaintsOf(value: object): (string | undefined)[] {
  return validateSync(Object.assign(new Body(), value)).map(typeComplaint);
}

describe('typeComplaint', () => {
  it('names the integer expected and the string sent, and nothing of the minimum', () => {
    expect(complaintsOf({ expectedRevision: '1' })).toEqual([
      'expectedRevision must be an integer (got a string, "1")',
    ]);
  });

  it('names the number sent when it is not an integer', () => {
    expect(complaintsOf({ expectedRevision: 1.5 })).toEqual([
      'expectedRevision must be an integer (got the number 1.5)',
    ]);
  });

  it('names an object or an array sent', () => {
    expect(complaintsOf({ expectedRevision: {} })).toEqual([
      'expectedRevision must be an integer (got an object)',
    ]);
    expect(complaintsOf({ expectedRevision: [] })).toEqual([
      'expectedRevision must be an integer (got an array)',
    ]);
  });

  it('leaves a value of the right type to its other constraints', () => {
    expect(complaintsOf({ expectedRevision: -2 })).toEqual([undefined]);
  });

  it('names the array expected, but leaves an element of the wrong type to the each-message', () => {
    expect(complaintsOf({ messageIds: 'm4' })).toEqual([
      'messageIds must be an array (got a string, "m4")',
    ]);
    expect(complaintsOf({ messageIds: [4] })).toEqual([undefined]);
  });
});
